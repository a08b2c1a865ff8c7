import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../lib/package-paths';

/**
 * A migration that has landed is never edited: databases that applied it would silently differ from
 * new ones (drizzle applies a migration once, by its position in the journal, and never re-reads it).
 * migrations/checksums.json records each migration's sha256 when it is generated; a test fails when a
 * recorded file changes or a new one is not recorded (`pnpm --filter @paperbench/api db:generate`
 * records it).
 */
export const CHECKSUMS_FILE = path.join(migrationsDir, 'checksums.json');

/** The journal's migrations, in order: `0005_hardening` etc. */
export function journalTags(dir = migrationsDir): string[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** sha256 of each migration's SQL, keyed by its tag. */
export function computeChecksums(dir = migrationsDir): Record<string, string> {
  return Object.fromEntries(
    journalTags(dir).map((tag) => [
      tag,
      createHash('sha256')
        .update(readFileSync(path.join(dir, `${tag}.sql`)))
        .digest('hex'),
    ]),
  );
}

export function readRecordedChecksums(): Record<string, string> {
  return JSON.parse(readFileSync(CHECKSUMS_FILE, 'utf8')) as Record<string, string>;
}

/** Records the checksums of migrations not yet recorded; a recorded one is never overwritten. */
export function recordNewChecksums(): string[] {
  const recorded = readRecordedChecksums();
  const added = Object.entries(computeChecksums()).filter(([tag]) => !(tag in recorded));
  writeFileSync(CHECKSUMS_FILE, `${JSON.stringify({ ...recorded, ...Object.fromEntries(added) }, null, 2)}\n`);
  return added.map(([tag]) => tag);
}

if (process.argv.includes('--record')) {
  const added = recordNewChecksums();
  console.log(added.length ? `recorded ${added.join(', ')}` : 'every migration was already recorded');
}
