import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { papers } from '../db/schema';
import type { Progress } from '../lib/progress-reporter';
import { createTestApp, FIXTURE_CORPUS, type TestApp, testDrivers } from '../test-support/test-app';
import { paperFromDumpRecord } from './arxiv-record';
import { importJsonLines, importProgressView } from './bulk-import';
import { loadCorpus, seedCorpusIfEmpty } from './corpus-loader';
import { ARXIV_FIXTURES } from './replay-server';

const countPapers = async (database: Database) => (await database.db.select().from(papers)).length;

/** The full-text index is dropped during a bulk load into an empty table; it must always come back. */
const hasSearchIndex = async (database: Database) =>
  (
    await database.db
      .select({ name: sql<string>`indexname` })
      .from(sql`pg_indexes`)
      .where(sql`indexname = 'papers_search_vector_idx'`)
  ).length === 1;

function writeTempCorpus(lines: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'corpus-')), 'corpus.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('paperFromDumpRecord', () => {
  it('maps a dump record to a paper row, repairing a damaged id', () => {
    expect(
      paperFromDumpRecord({
        id: '1502.0765099999999',
        title: 'A  title\n with   spaces',
        authors_list: ['A. B', 'C. D'],
        abstract: '  An abstract.  ',
        categories: ['cs.DC', 'cs.NA'],
        created: '2015-02-26',
        updated: null,
        doi: null,
      }),
    ).toMatchObject({
      paper: {
        platform: 'arxiv',
        paperId: '1502.07651',
        title: 'A title with spaces',
        authors: ['A. B', 'C. D'],
        abstract: 'An abstract.',
        categories: ['cs.DC', 'cs.NA'],
        publishedDate: '2015-02-26',
        pdfUrl: 'https://arxiv.org/pdf/1502.07651',
      },
    });
  });

  it('falls back to the comma-separated author string and to no authors', () => {
    expect(paperFromDumpRecord({ id: 'x/1', title: 'T', authors: 'A, B and C' })).toHaveProperty('paper.authors', [
      'A',
      'B',
      'C',
    ]);
    expect(paperFromDumpRecord({ id: 'x/1', title: 'T' })).toHaveProperty('paper.authors', []);
  });

  it('maps a Kaggle snapshot record: parsed authors, space-separated categories, version dates', () => {
    const [line] = readFileSync(path.join(ARXIV_FIXTURES, 'synthetic/kaggle-snapshot-5lines.jsonl'), 'utf8').split(
      '\n',
    );
    expect(paperFromDumpRecord(JSON.parse(line as string))).toEqual({
      paper: expect.objectContaining({
        paperId: '0704.0001',
        title: 'Calculation of prompt diphoton production cross sections at Tevatron and LHC energies',
        authors: ['C. Balázs', 'E. L. Berger', 'P. M. Nadolsky', 'C. -P. Yuan'],
        categories: ['hep-ph'],
        publishedDate: '2007-04-02',
        updatedDate: '2007-07-24',
        doi: '10.1103/PhysRevD.76.013009',
      }),
    });
  });

  it.each([
    [undefined, 'not a JSON object'],
    [[1, 2], 'not a JSON object'],
    [{ title: 'no id' }, 'no id'],
    [{ id: '1', title: '' }, 'no title'],
    [{ id: '1', title: 'T', created: '2019' }, 'invalid published date'],
    [{ id: '1', title: 'T', created: '2019-02-30' }, 'invalid published date'],
    [{ id: '1', title: 'Bad \u0000 title' }, 'contains a NUL character'],
    [{ id: '1', title: 'T', categories: 5 }, 'invalid categories'],
  ])('skips an unusable record %j with the reason "%s"', (value, reason) => {
    expect(paperFromDumpRecord(value)).toEqual({ reason });
  });
});

describe('loadCorpus (pglite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
  });
  afterAll(() => database.close());

  it('leaves nothing behind when the load fails half-way (a truncated gzip)', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ id: `2001.${String(i).padStart(5, '0')}`, title: `Paper ${i} ${'x'.repeat(i % 97)}` }),
    );
    const gzipped = gzipSync(`${lines.join('\n')}\n`);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'corpus-')), 'broken.jsonl.gz');
    writeFileSync(file, gzipped.subarray(0, Math.floor(gzipped.length * 0.8)));
    // Batches of 10 commit nothing on their own: the failure after many batches rolls them all back.
    await expect(importJsonLines(database.db, file, { batchSize: 10 })).rejects.toThrow(/unexpected end of file/);
    expect(await countPapers(database)).toBe(0);
    expect(await hasSearchIndex(database)).toBe(true);
  });

  it('fails cleanly on a missing file', async () => {
    await expect(loadCorpus(database.db, '/nonexistent/corpus.jsonl')).rejects.toThrow(/ENOENT/);
    expect(await countPapers(database)).toBe(0);
  });

  it('loads every record of the fixture, reporting its progress, then seeds only an empty table', async () => {
    const progress: Progress[] = [];
    const result = await seedCorpusIfEmpty(database.db, FIXTURE_CORPUS, {
      batchSize: 50,
      onProgress: (update) => progress.push(importProgressView(update)),
    });
    expect(result).toMatchObject({ inserted: 200, skipped: 0, reasons: [] });
    // Papers written so far, batch by batch, of a total estimated until the file has been read; then the steps after.
    const written = progress.filter((update) => !update.stage).map((update) => update.done);
    expect(new Set(written)).toEqual(new Set([0, 50, 100, 150, 200]));
    expect(progress[0]).toMatchObject({ done: 0, isEstimate: true });
    expect(progress.map((update) => update.stage).filter(Boolean)).toEqual([
      'building indexes',
      'vacuuming',
      'counting the corpus words',
    ]);
    expect(progress.at(-1)).toEqual({ done: 200, total: 200, isEstimate: false, stage: 'counting the corpus words' });
    expect(await countPapers(database)).toBe(200);
    expect(await hasSearchIndex(database)).toBe(true);
    expect(await seedCorpusIfEmpty(database.db, FIXTURE_CORPUS)).toBeNull();
  });

  it('leaves papers already present unchanged and skips lines that are not records, with reasons', async () => {
    const file = writeTempCorpus([
      JSON.stringify({ id: '704.0058', title: 'Repaired id' }),
      'this is not json',
      JSON.stringify({ title: 'no id' }),
      '{"id": "1", "title": ',
    ]);
    const reasons = [
      { reason: 'not valid JSON', count: 2, lines: [2, 4] },
      { reason: 'no id', count: 1, lines: [3] },
    ];
    expect(await loadCorpus(database.db, file)).toMatchObject({ lines: 4, inserted: 1, skipped: 3, reasons });
    expect(await loadCorpus(database.db, file)).toMatchObject({ inserted: 0, unchanged: 1, skipped: 3, reasons });
    const [row] = await database.db.select().from(papers).where(eq(papers.paperId, '0704.0058'));
    expect(row?.title).toBe('Repaired id');
  });
});

describe.each(testDrivers())('importJsonLines (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('imports a Kaggle-format dump into a filled corpus: inserts, updates, keeps the newest duplicate', async () => {
    const kaggle = path.join(ARXIV_FIXTURES, 'synthetic/kaggle-snapshot-5lines.jsonl');
    expect(await importJsonLines(t.db, kaggle)).toMatchObject({
      lines: 5,
      inserted: 3,
      skipped: 2,
      reasons: [
        { reason: 'no title', count: 1, lines: [3] },
        { reason: 'not valid JSON', count: 1, lines: [5] },
      ],
    });
    const newer = {
      id: '0704.0002',
      title: 'Sparsity-certifying Graph Decompositions (v2)',
      created: '2007-03-31',
      updated: '2009-01-01',
    };
    const older = { ...newer, title: 'Stale copy', updated: null };
    const file = writeTempCorpus([JSON.stringify(older), JSON.stringify(newer), JSON.stringify(older)]);
    expect(await importJsonLines(t.db, file)).toMatchObject({ inserted: 0, updated: 1, duplicates: 2 });
    const [row] = await t.db.select().from(papers).where(eq(papers.paperId, '0704.0002'));
    expect(row).toMatchObject({ title: newer.title, updatedDate: '2009-01-01', publishedDate: '2007-03-31' });
    expect(await countPapers({ db: t.db } as Database)).toBe(203);
  });
});
