import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { papers } from '../db/schema';
import { FIXTURE_CORPUS } from '../test-support/test-app';
import { paperFromArxivRecord } from './arxiv-record';
import { loadCorpus, seedCorpusIfEmpty } from './corpus-loader';

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

describe('paperFromArxivRecord', () => {
  it('maps a dump record to a paper row, repairing a damaged id', () => {
    expect(
      paperFromArxivRecord({
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
      platform: 'arxiv',
      paperId: '1502.07651',
      title: 'A title with spaces',
      authors: ['A. B', 'C. D'],
      abstract: 'An abstract.',
      categories: ['cs.DC', 'cs.NA'],
      publishedDate: '2015-02-26',
      pdfUrl: 'https://arxiv.org/pdf/1502.07651',
    });
  });

  it('falls back to the comma-separated author string and to no authors', () => {
    expect(paperFromArxivRecord({ id: 'x/1', title: 'T', authors: 'A, B' })?.authors).toEqual(['A', 'B']);
    expect(paperFromArxivRecord({ id: 'x/1', title: 'T' })?.authors).toEqual([]);
  });

  it.each([[undefined], [{ title: 'no id' }], [{ id: '1', title: '' }], [{ id: '1', title: 'T', created: '2019' }]])(
    'rejects an unusable record %j',
    (value) => {
      expect(paperFromArxivRecord(value)).toBeNull();
    },
  );
});

describe('loadCorpus (pglite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
  });
  afterAll(() => database.close());

  it('leaves nothing behind when the load fails half-way', async () => {
    const good = JSON.stringify({ id: '1001.0001', title: 'Fine' });
    // The second record is valid JSON but breaks a database constraint (a NUL byte in text).
    const breaking = JSON.stringify({ id: '1001.0002', title: 'Bad \u0000 title' });
    await expect(loadCorpus(database.db, writeTempCorpus([good, breaking]))).rejects.toThrow();
    expect(await countPapers(database)).toBe(0);
    expect(await hasSearchIndex(database)).toBe(true);
  });

  it('fails cleanly on a missing file', async () => {
    await expect(loadCorpus(database.db, '/nonexistent/corpus.jsonl')).rejects.toThrow(/ENOENT/);
    expect(await countPapers(database)).toBe(0);
  });

  it('loads every record of the fixture, then seeds only an empty table', async () => {
    const result = await seedCorpusIfEmpty(database.db, FIXTURE_CORPUS);
    expect(result).toMatchObject({ inserted: 200, skipped: 0 });
    expect(await countPapers(database)).toBe(200);
    expect(await hasSearchIndex(database)).toBe(true);
    expect(await seedCorpusIfEmpty(database.db, FIXTURE_CORPUS)).toBeNull();
  });

  it('skips papers already present and lines that are not records', async () => {
    const file = writeTempCorpus([
      JSON.stringify({ id: '704.0058', title: 'Repaired id' }),
      'this is not json',
      JSON.stringify({ title: 'no id' }),
    ]);
    expect(await loadCorpus(database.db, file)).toMatchObject({ inserted: 1, skipped: 2 });
    expect(await loadCorpus(database.db, file)).toMatchObject({ inserted: 0, skipped: 3 });
    const [row] = await database.db.select().from(papers).where(eq(papers.paperId, '0704.0058'));
    expect(row?.title).toBe('Repaired id');
  });
});
