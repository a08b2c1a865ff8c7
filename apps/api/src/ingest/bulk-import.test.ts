import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client';
import { rowsOf } from '../db/execute-result';
import { paperClicks, papers } from '../db/schema';
import { packageRoot } from '../lib/package-paths';
import { selectTermStatsBuild } from '../modules/recommendations/term-stats.repo';
import { waitForExit } from '../test-support/server-process';
import { createScratchDatabase, createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { importJsonLines } from './bulk-import';
import { storePapers } from './paper-upsert.repo';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempFile(name: string, content: string | Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulk-import-'));
  dirs.push(dir);
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

const record = (i: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `2101.${String(i).padStart(5, '0')}`,
    title: `Imported paper ${i} on ${['graphs', 'spectra', 'lattices'][i % 3]}`,
    authors_list: [`Author ${i}`],
    abstract: `Abstract ${i}: ${'words of the abstract '.repeat(i % 13)}`,
    categories: ['cs.DS'],
    created: '2021-01-04',
    ...extra,
  });

const query = async <T>(db: Db, statement: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(statement));

/** Every stored paper, its vectors and its created_at, folded into one value: equal means untouched. */
async function fingerprint(db: Db) {
  const [row] = await query<{ count: number; digest: string }>(
    db,
    sql`select count(*)::int as count, md5(coalesce(string_agg(concat_ws('|', platform, paper_id, title, authors::text,
      abstract, categories::text, published_date, updated_date, doi, comments, created_at, search_vector, exact_vector),
      '¶' order by platform, paper_id), '')) as digest from papers`,
  );
  return row;
}

/** The table's indexes and the foreign keys into it: what a rebuild must recreate. */
async function structure(db: Db) {
  const indexes = await query<{ name: string }>(
    db,
    sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'papers' order by 1`,
  );
  const references = await query<{ name: string }>(
    db,
    sql`select conname as name from pg_constraint where confrelid = 'papers'::regclass order by 1`,
  );
  const [leftover] = await query<{ present: boolean }>(
    db,
    sql`select exists (select 1 from pg_namespace where nspname = 'paperbench_load') as present`,
  );
  return {
    indexes: indexes.map((i) => i.name),
    references: references.map((r) => r.name),
    leftover: leftover?.present,
  };
}

describe.each(testDrivers())('importJsonLines over a filled corpus (%s)', (driver) => {
  let t: TestApp;
  const rebuilds = driver === 'postgres' ? 'rebuild' : 'in-place';
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('leaves the corpus exactly as it was when the import fails after many batches', async () => {
    const before = { rows: await fingerprint(t.db), structure: await structure(t.db) };
    expect(before.rows?.count).toBe(200);
    const lines = Array.from({ length: 3000 }, (_, i) => record(i));
    const gzipped = gzipSync(`${lines.join('\n')}\n`);
    const file = tempFile('broken.jsonl.gz', gzipped.subarray(0, Math.floor(gzipped.length * 0.8)));
    await expect(importJsonLines(t.db, file, { strategy: 'rebuild', batchSize: 100 })).rejects.toThrow(
      /unexpected end of file/,
    );
    expect(await fingerprint(t.db)).toEqual(before.rows);
    expect(await structure(t.db)).toEqual(before.structure);
  });

  it('keeps stored papers, their created_at and what references them; updates newer versions; a re-run changes nothing', async () => {
    const [stored] = await t.db.select().from(papers).limit(1);
    if (!stored) throw new Error('the seeded corpus is empty');
    await t.db.insert(paperClicks).values({ platform: stored.platform, paperId: stored.paperId });
    const newer = JSON.stringify({
      id: stored.paperId,
      title: 'A newer version of a stored paper',
      created: '1990-01-01',
      updated: '2030-01-01',
    });
    const file = tempFile('dump.jsonl', `${[...Array.from({ length: 500 }, (_, i) => record(i)), newer].join('\n')}\n`);

    const first = await importJsonLines(t.db, file, { strategy: 'rebuild' });
    expect(first).toMatchObject({ strategy: rebuilds, lines: 501, inserted: 500, updated: 1, unchanged: 0 });
    // docs/recommendations.md#term-statistics: the import counted the corpus words, so no recommendation waits for it.
    expect(first.phases.terms).toBeGreaterThanOrEqual(0);
    expect((await selectTermStatsBuild(t.db))?.documents).toBe(700);
    const [row] = await t.db.select().from(papers).where(eq(papers.paperId, stored.paperId));
    expect(row).toMatchObject({ title: 'A newer version of a stored paper', updatedDate: '2030-01-01' });
    expect(row?.createdAt).toEqual(stored.createdAt);
    const clicks = () => t.db.select().from(paperClicks).where(eq(paperClicks.paperId, stored.paperId));
    expect(await clicks()).toHaveLength(1);

    const after = await fingerprint(t.db);
    expect(after?.count).toBe(700);
    const again = await importJsonLines(t.db, file, { strategy: 'rebuild' });
    expect(again).toMatchObject({ strategy: rebuilds, inserted: 0, updated: 0, unchanged: 501 });
    expect(again.phases.terms).toBeUndefined();
    expect(await fingerprint(t.db)).toEqual(after);

    // The foreign keys into the new table hold: no click on a paper that is not there, and deleting a paper cascades.
    await expect(t.db.insert(paperClicks).values({ platform: 'arxiv', paperId: 'no/such-paper' })).rejects.toThrow();
    await t.db.delete(papers).where(eq(papers.paperId, stored.paperId));
    expect(await clicks()).toHaveLength(0);
    // And search finds what was imported, through the rebuilt indexes.
    const [hit] = await query<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from papers
        where paper_id like '2101.%' and search_vector @@ to_tsquery('english', 'lattice')
          and exact_vector @@ to_tsquery('simple', 'lattices')`,
    );
    expect(hit?.count).toBe(166);
  });

  it('writes a small file in place unless told otherwise', async () => {
    const file = tempFile('small.jsonl', `${record(90_001)}\n`);
    expect(await importJsonLines(t.db, file)).toMatchObject({ strategy: 'in-place', inserted: 1 });
  });
});

describe.each(testDrivers())('re-importing papers already stored (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  /** Each row's version and lock stamps: a row left out of the write keeps both (no new version, no row lock). */
  const stamps = async () =>
    query<{ paper_id: string; xmin: string; xmax: string }>(
      t.db,
      sql`select paper_id, xmin::text as xmin, xmax::text as xmax from papers order by paper_id`,
    );
  const found = async (stemmed: string, exact: string) =>
    (
      await query<{ paper_id: string }>(
        t.db,
        sql`select paper_id from papers where search_vector @@ to_tsquery('english', ${stemmed})
          and exact_vector @@ to_tsquery('simple', ${exact}) order by paper_id`,
      )
    ).map((row) => row.paper_id);

  it('leaves unchanged rows untouched and rewrites a changed one with its vectors', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => record(i));
    const file = tempFile('first.jsonl', `${lines.join('\n')}\n`);
    expect(await importJsonLines(t.db, file, { strategy: 'in-place', batchSize: 100 })).toMatchObject({
      inserted: 300,
      updated: 0,
      unchanged: 0,
    });
    const before = { rows: await fingerprint(t.db), stamps: await stamps() };
    expect(before.stamps.every((row) => row.xmax === '0')).toBe(true);

    expect(await importJsonLines(t.db, file, { strategy: 'in-place', batchSize: 100 })).toMatchObject({
      lines: 300,
      inserted: 0,
      updated: 0,
      unchanged: 300,
    });
    expect(await fingerprint(t.db)).toEqual(before.rows);
    expect(await stamps()).toEqual(before.stamps);

    // One record changed (a corrected title, same version date), one older version, one new paper.
    const changed = record(7, { title: 'Imported paper 7 on xylophones' });
    const older = record(8, { title: 'An older title', created: '2020-01-01' });
    const next = [...lines.slice(0, 7), changed, older, ...lines.slice(9), record(300)];
    const summary = await importJsonLines(t.db, tempFile('second.jsonl', `${next.join('\n')}\n`), {
      strategy: 'in-place',
      batchSize: 100,
    });
    expect(summary).toMatchObject({ lines: 301, inserted: 1, updated: 1, unchanged: 299 });
    const after = await stamps();
    const moved = after.filter((row, i) => row.xmin !== before.stamps[i]?.xmin || row.xmax !== before.stamps[i]?.xmax);
    expect(moved.map((row) => row.paper_id)).toEqual(['2101.00007', '2101.00300']);
    expect(await found('xylophon', 'xylophones')).toEqual(['2101.00007']);
    expect(await found('spectrum', 'spectra')).not.toContain('2101.00007');
    expect(await found('older', 'older')).toEqual([]);
  });
});

describe.runIf(testDrivers().includes('postgres'))('a rebuild on PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let database: Database;
  const t = {
    get db() {
      return database.db;
    },
  };
  beforeAll(async () => {
    scratch = await createScratchDatabase({ template: 'seeded' });
    database = openDatabase({ url: scratch.url });
  });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  const count = async () => (await fingerprint(t.db))?.count;

  it('serves readers the corpus as it was until the swap, and a writer that came meanwhile lands after it', async () => {
    const file = tempFile('dump.jsonl', `${Array.from({ length: 3000 }, (_, i) => record(i)).join('\n')}\n`);
    let reader: Promise<number | undefined> | undefined;
    let writer: Promise<unknown> | undefined;
    const events: string[] = [];
    let writerDoneWhileReading = false;
    const imported = importJsonLines(t.db, file, {
      strategy: 'rebuild',
      batchSize: 500,
      onProgress: ({ phase }) => {
        // Until the swap; the steps after it (vacuum, counting the corpus words) report progress too.
        if (['copy', 'load', 'index'].includes(phase)) writerDoneWhileReading ||= events.includes('writer done');
        reader ??= count().then((n) => {
          events.push('reader answered');
          return n;
        });
        writer ??= storePapers(t.db, [
          { platform: 'arxiv', paperId: '2199.00001', title: 'Fetched while the import ran', authors: [] },
        ]).then(() => events.push('writer done'));
      },
    }).then((summary) => {
      events.push('import done');
      return summary;
    });
    expect(await imported).toMatchObject({ strategy: 'rebuild', inserted: 3000 });
    expect(await reader).toBe(200);
    await writer;
    // The writer waited for the swap (it was not done when the last batch was read), and was not lost.
    expect(writerDoneWhileReading).toBe(false);
    expect(events.indexOf('reader answered')).toBeLessThan(events.indexOf('import done'));
    expect(await count()).toBe(3201);
  });

  it("keeps the table's privileges and comment, and writes in place where it could not recreate what hangs on papers", async () => {
    await t.db.execute(sql`grant select on papers to public`);
    await t.db.execute(sql`comment on table papers is 'The corpus.'`);
    const described = sql`select relacl::text as acl, obj_description(oid, 'pg_class') as comment from pg_class
      where oid = 'papers'::regclass`;
    const before = await query(t.db, described);
    expect(before).toEqual([{ acl: expect.stringContaining('=r/'), comment: 'The corpus.' }]);
    const file = tempFile('one.jsonl', `${record(60_000)}\n`);
    expect(await importJsonLines(t.db, file, { strategy: 'rebuild' })).toMatchObject({ strategy: 'rebuild' });
    expect(await query(t.db, described)).toEqual(before);

    // A view would be left on the dropped table: the import writes in place instead.
    await t.db.execute(sql`create view paper_ids as select paper_id from papers`);
    const file2 = tempFile('two.jsonl', `${record(60_001)}\n`);
    expect(await importJsonLines(t.db, file2, { strategy: 'rebuild' })).toMatchObject({
      strategy: 'in-place',
      inserted: 1,
    });
    const [viewed] = await query<{ count: number }>(t.db, sql`select count(*)::int as count from paper_ids`);
    expect(viewed?.count).toBe(await count());
    await t.db.execute(sql`drop view paper_ids`);
  });

  it('leaves the corpus as it was when the importing process is killed, and the next import clears what it left', async () => {
    const before = { rows: await fingerprint(t.db), structure: await structure(t.db) };
    // Large enough on disk for the CLI to choose a rebuild (lines estimated from the size), cheap to load:
    // the padding is a field the importer does not store.
    const padding = 'x'.repeat(14_000);
    const lines = Array.from({ length: 2000 }, (_, i) => record(10_000 + i, { 'report-no': padding }));
    const file = tempFile('big.jsonl', `${lines.join('\n')}\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/ingest/cli.ts', 'import', file], {
      cwd: packageRoot,
      env: { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: 'warn', HARVEST_SETS: '' },
      stdio: 'ignore',
    });
    try {
      for (let i = 0; !(await structure(t.db)).leftover; i += 1) {
        if (i > 3000 || child.exitCode !== null)
          throw new Error(`the import never started a rebuild (${child.exitCode})`);
        await sleep(10);
      }
    } finally {
      child.kill('SIGKILL');
      await waitForExit(child);
    }
    expect(await fingerprint(t.db)).toEqual(before.rows);
    expect(await structure(t.db)).toEqual({ ...before.structure, leftover: true });

    const file2 = tempFile('next.jsonl', `${record(50_000)}\n`);
    expect(await importJsonLines(t.db, file2, { strategy: 'rebuild' })).toMatchObject({
      strategy: 'rebuild',
      inserted: 1,
    });
    expect(await structure(t.db)).toEqual(before.structure);
    expect(await count()).toBe((before.rows?.count ?? 0) + 1);
  });
});
