import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir, packageRoot } from '../lib/package-paths';
import { computeChecksums, journalTags, readRecordedChecksums } from './migration-checksums';

const run = promisify(execFile);
const drizzleKit = path.join(packageRoot, 'node_modules', '.bin', 'drizzle-kit');
const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/**
 * The SQL drizzle-kit would add if it were run now against a copy of `migrations`: none when the
 * schema (src/db/schema) and the committed migrations agree. drizzle-kit reads paths relative to its
 * working directory, so it runs in a scratch directory with the schema named from there.
 */
async function pendingSchemaChanges(prepare?: (copy: string) => Promise<void>): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-drift-'));
  scratch.push(dir);
  const copy = path.join(dir, 'out');
  await cp(migrationsDir, copy, { recursive: true });
  await prepare?.(copy);
  const before = new Set(await readdir(copy));
  const schema = path.relative(dir, path.join(packageRoot, 'src', 'db', 'schema', 'index.ts'));
  await writeFile(
    path.join(dir, 'drizzle.config.mjs'),
    `export default ${JSON.stringify({ dialect: 'postgresql', schema, out: './out' })};\n`,
  );
  await run(drizzleKit, ['generate', '--config', 'drizzle.config.mjs'], { cwd: dir });
  return (await readdir(copy)).filter((file) => file.endsWith('.sql') && !before.has(file));
}

describe('migrations', () => {
  it('agree with the Drizzle schema: generating now adds nothing', async () => {
    const added = await pendingSchemaChanges();
    expect(added, 'the schema changed without a migration: run pnpm --filter @paperbench/api db:generate').toEqual([]);
  }, 60_000);

  it('the check sees a schema change that has no migration (the last schema change taken away)', async () => {
    // Custom migrations (SQL the schema cannot express, e.g. an index of an optional extension) leave
    // the snapshot as it was: the ones taken away are the last that changed it and those after it.
    const tags = journalTags();
    const snapshotOf = async (tag: string) => {
      const {
        id: _id,
        prevId: _prevId,
        ...schema
      } = JSON.parse(await readFile(path.join(migrationsDir, 'meta', `${tag.split('_')[0]}_snapshot.json`), 'utf8'));
      return schema;
    };
    let from = tags.length - 1;
    while (
      from > 0 &&
      isDeepStrictEqual(await snapshotOf(tags[from] as string), await snapshotOf(tags[from - 1] as string))
    )
      from -= 1;
    const removed = new Set(tags.slice(from));
    const added = await pendingSchemaChanges(async (copy) => {
      const journalFile = path.join(copy, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string; idx: number }[] };
      journal.entries = journal.entries.filter((entry) => !removed.has(entry.tag));
      await writeFile(journalFile, JSON.stringify(journal));
      for (const tag of removed) {
        await rm(path.join(copy, `${tag}.sql`));
        await rm(path.join(copy, 'meta', `${tag.split('_')[0]}_snapshot.json`));
      }
    });
    expect(removed.size).toBeGreaterThan(0);
    expect(added).toHaveLength(1);
  }, 60_000);

  it('that have landed are unchanged, and every migration is recorded (migrations/checksums.json)', () => {
    const recorded = readRecordedChecksums();
    const current = computeChecksums();
    for (const [tag, checksum] of Object.entries(current)) {
      expect(recorded[tag], `${tag} is not recorded: run pnpm --filter @paperbench/api db:generate`).toBeDefined();
      expect(checksum, `${tag} was edited after it landed: add a new migration instead`).toBe(recorded[tag]);
    }
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(current).sort());
  });
});
