import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { folders, papers } from '../db/schema';
import { buildFolder } from './factories';
import { createTestApp, type TestApp, testDrivers } from './test-app';

/** docs/testing.md: test databases are copies of one migrated (and one seeded) template per run. */
describe('openDatabase over an open PGlite', () => {
  it('uses that instance as it is, and closes it', async () => {
    const pglite = new PGlite();
    await pglite.exec('create table marker (note text); insert into marker values ($$kept$$)');
    const database = openDatabase({ pglite });
    const rows = await database.db.execute(sql`select note from marker`);
    expect((rows as unknown as { rows: { note: string }[] }).rows).toEqual([{ note: 'kept' }]);
    await database.close();
    expect(pglite.closed).toBe(true);
  });
});

async function templateBuilt(driver: 'pglite' | 'postgres', kind: 'migrated' | 'seeded') {
  const run = inject('dbTemplates');
  if (driver === 'pglite') return existsSync(path.join(run.dir, `${kind}.tar`));
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [`${run.postgresPrefix}_${kind}`]);
    return found.rowCount === 1;
  } finally {
    await admin.end();
  }
}

describe.each(testDrivers())('createTestApp databases (%s)', (driver) => {
  let seededA: TestApp;
  let seededB: TestApp;
  let empty: TestApp;
  beforeAll(async () => {
    seededA = await createTestApp(driver);
    seededB = await createTestApp(driver);
    empty = await createTestApp(driver, { seed: false });
  });
  afterAll(async () => {
    await Promise.all([seededA?.close(), seededB?.close(), empty?.close()]);
  });

  it('are copies of this run’s templates, built once', async () => {
    expect(await templateBuilt(driver, 'seeded')).toBe(true);
    expect(await templateBuilt(driver, 'migrated')).toBe(true);
  });

  it('hold the migrated schema, and the fixture corpus when seeded', async () => {
    const [seeded] = await seededA.db.select({ n: count() }).from(papers);
    const [bare] = await empty.db.select({ n: count() }).from(papers);
    expect(seeded?.n).toBe(200);
    expect(bare?.n).toBe(0);
  });

  it('are independent of one another: a write to one copy is not seen in another', async () => {
    await buildFolder(seededA.db, { name: 'only in A' });
    const [inA] = await seededA.db.select({ n: count() }).from(folders);
    const [inB] = await seededB.db.select({ n: count() }).from(folders);
    expect(inA?.n).toBe(1);
    expect(inB?.n).toBe(0);
  });
});
