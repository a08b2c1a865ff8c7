import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../lib/package-paths';
import { hashUserToken } from '../lib/user-token';
import { resolveSession } from '../modules/identity/identity.service';
import type { Db } from './client';
import { journalTags } from './migration-checksums';

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/** A copy of the migrations that stops before `tag`: the database an earlier release left. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-upgrade-'));
  scratch.push(dir);
  await cp(migrationsDir, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journalTags().indexOf(tag));
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** docs/security.md#sessions: ids issued before sessions had their own table keep working after the upgrade. */
describe('upgrading to user sessions', () => {
  it('turns every issued id into its user session, revoked ones staying revoked, and drops nothing else', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore('20261124023631_accounts_and_collaboration') });
    const live = 'AAAAAAAAAAAAAAAAAAAAAA';
    const revoked = 'BBBBBBBBBBBBBBBBBBBBBB';
    await client.query(
      `insert into users (token_hash, last_seen_at, revoked_at) values ($1, now(), null), ($2, now(), now())`,
      [hashUserToken(live), hashUserToken(revoked)],
    );
    await client.query(`insert into folders (owner_id, name) select id, 'Kept' from users`);

    await migrate(db, { migrationsFolder: migrationsDir });
    const policy = { idleDays: 400 };
    const session = await resolveSession(db as unknown as Db, live, policy);
    expect(session).toEqual({ userId: expect.any(Number), sessionId: expect.any(Number), disabled: false });
    expect(await resolveSession(db as unknown as Db, revoked, policy)).toBeNull();
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from folders where name = 'Kept'`);
    expect(rows[0]?.n).toBe(2);
    await client.close();
  }, 60_000);
});
