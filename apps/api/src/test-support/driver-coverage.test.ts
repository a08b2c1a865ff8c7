import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../lib/package-paths';
import { reachable, sourceFiles } from './import-graph';

/**
 * docs/testing.md#which-drivers: a file may run on PGlite only (`describe.each(pgliteOnly())`) only
 * while every repository's SQL still runs on PostgreSQL in some other file. A test file exercises the
 * code it imports and, since a module's HTTP tests reach it through its router, the code of its own
 * directory, with everything those import in turn. The whole app (app.ts, the router index) and the test
 * support do not count: through them every file would reach everything.
 */
const src = path.join(packageRoot, 'src');
const files = sourceFiles(src);
const isTest = (file: string) => file.endsWith('.test.ts');
const isWholeApp = (file: string) =>
  file.includes(`${path.sep}test-support${path.sep}`) ||
  file === path.join(src, 'app.ts') ||
  file === path.join(src, 'modules', 'index.ts');

/** Calls testDrivers() with no opt-out, or opens a PostgreSQL database itself. */
const RUNS_ON_POSTGRES =
  /testDrivers\(\)|createScratchDatabase\(|createTestApp\('postgres'|runIf\(process\.env\.DATABASE_URL\)/;

function exercisedBy(testFile: string): Set<string> {
  const ownDirectory = files.filter((file) => path.dirname(file) === path.dirname(testFile) && !isTest(file));
  return reachable([testFile, ...ownDirectory], (file) => isWholeApp(file) || (isTest(file) && file !== testFile));
}

describe('every repository runs on PostgreSQL (docs/testing.md#which-drivers)', () => {
  const postgresTests = files.filter((file) => isTest(file) && RUNS_ON_POSTGRES.test(readFileSync(file, 'utf8')));
  const exercised = new Set(postgresTests.flatMap((file) => [...exercisedBy(file)]));

  it('finds the test files that run on both drivers', () => {
    expect(postgresTests.length).toBeGreaterThan(20);
  });

  it.each(files.filter((file) => file.endsWith('.repo.ts')).map((file) => path.relative(src, file)))(
    '%s is exercised by a test file that runs on PostgreSQL',
    (repo) => {
      expect(exercised.has(path.join(src, repo)), `no both-driver test file reaches ${repo}`).toBe(true);
    },
  );
});
