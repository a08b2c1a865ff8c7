import type { Db } from '../db/client';
import { type RawSession, withRawTransaction } from '../db/raw-session';
import { noteCorpusWrite } from '../lib/corpus-writes';
import type { NewPaper } from './arxiv-record';

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** Already stored as given, or stored in a newer version than the one given. */
  unchanged: number;
  /** Extra copies of one paper inside one batch; the newest copy was kept. */
  duplicates: number;
}

export const emptyUpsertCounts = (): UpsertCounts => ({ inserted: 0, updated: 0, unchanged: 0, duplicates: 0 });

export function addUpsertCounts(total: UpsertCounts, more: UpsertCounts): void {
  total.inserted += more.inserted;
  total.updated += more.updated;
  total.unchanged += more.unchanged;
  total.duplicates += more.duplicates;
}

const STAGING = 'paper_staging';
const COLUMNS =
  'platform, paper_id, title, authors, abstract, categories, published_date, updated_date, pdf_url, doi, comments';
const UPDATABLE = [
  'title',
  'authors',
  'abstract',
  'categories',
  'published_date',
  'updated_date',
  'pdf_url',
  'doi',
  'comments',
];

/** A staging table for this transaction (dropped at commit); call once per transaction. */
export async function createStaging(session: RawSession): Promise<void> {
  await session.query(
    `CREATE TEMP TABLE ${STAGING} (seq serial, platform text, paper_id text, title text, authors text[],
      abstract text, categories text[], published_date date, updated_date date, pdf_url text, doi text,
      comments text) ON COMMIT DROP`,
  );
}

const csvField = (value: string | null | undefined) =>
  value === null || value === undefined ? '' : `"${value.replaceAll('"', '""')}"`;
const arrayLiteral = (values: readonly string[] | null | undefined) =>
  `{${(values ?? []).map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

function csvRow(paper: NewPaper): string {
  return [
    csvField(paper.platform ?? 'arxiv'),
    csvField(paper.paperId),
    csvField(paper.title),
    csvField(arrayLiteral(paper.authors)),
    csvField(paper.abstract),
    csvField(arrayLiteral(paper.categories)),
    csvField(paper.publishedDate),
    csvField(paper.updatedDate),
    csvField(paper.pdfUrl),
    csvField(paper.doi),
    csvField(paper.comments),
  ].join(',');
}

const versionDate = (table: string) => `coalesce(${table}.updated_date, ${table}.published_date, '-infinity'::date)`;

/** Whether the row `given` would change the stored row `stored`: a version at least as new that differs. */
const wouldUpdate = (stored: string, given: string) =>
  `${versionDate(given)} >= ${versionDate(stored)} AND (${UPDATABLE.map((c) => `${stored}.${c}`).join(', ')}) IS DISTINCT FROM (${UPDATABLE.map((c) => `${given}.${c}`).join(', ')})`;

/**
 * Upserts rows by (platform, paper_id) through the staging table: COPY in, then one
 * INSERT … SELECT … ON CONFLICT DO UPDATE. PostgreSQL refuses to update one row twice in one
 * statement, so copies of a paper within the batch collapse to the newest (latest version date,
 * then the last given). A stored paper is updated only by a version at least as new, and only when
 * something differs: re-running an import or a harvest changes nothing.
 *
 * docs/ingest.md#measured: rows that would change nothing are left out before the INSERT. PostgreSQL
 * computes a row's generated columns (both tsvectors, ≈ 230 µs a paper) before it finds the conflict,
 * and ON CONFLICT DO UPDATE locks the stored row even when its WHERE refuses the update, so a re-import
 * of unchanged papers would otherwise cost nearly what a first import does. The ON CONFLICT clause
 * stays for the rows that pass: a paper stored by another transaction since this statement's snapshot.
 */
export async function upsertPapers(session: RawSession, rows: readonly NewPaper[]): Promise<UpsertCounts> {
  if (rows.length === 0) return emptyUpsertCounts();
  await session.copyCsv(`${STAGING} (${COLUMNS})`, `${rows.map(csvRow).join('\n')}\n`);
  const set = UPDATABLE.map((column) => `${column} = excluded.${column}`).join(', ');
  // The write lock first, as the INSERT alone used to take it: reading papers (the filter) before
  // waiting for a rebuild's SHARE lock would hold the ACCESS SHARE its swap must wait for, a deadlock
  // (docs/ingest.md: writers wait for the swap, then write into the new table).
  await session.query('LOCK TABLE papers IN ROW EXCLUSIVE MODE');
  const [counts] = await session.query<{ distinct: number; inserted: number; updated: number }>(
    `WITH newest AS (
       SELECT DISTINCT ON (platform, paper_id) ${COLUMNS} FROM ${STAGING}
       ORDER BY platform, paper_id, ${versionDate(STAGING)} DESC, seq DESC
     ), fresh AS (
       SELECT ${COLUMNS} FROM newest WHERE NOT EXISTS (
         SELECT 1 FROM papers
         WHERE papers.platform = newest.platform AND papers.paper_id = newest.paper_id
           AND NOT (${wouldUpdate('papers', 'newest')}))
     ), written AS (
       INSERT INTO papers (${COLUMNS}) SELECT ${COLUMNS} FROM fresh
       ON CONFLICT (platform, paper_id) DO UPDATE SET ${set}
       WHERE ${wouldUpdate('papers', 'excluded')}
       RETURNING (xmax = 0) AS inserted
     )
     SELECT (SELECT count(*) FROM newest)::int AS distinct,
       (SELECT count(*) FILTER (WHERE inserted) FROM written)::int AS inserted,
       (SELECT count(*) FILTER (WHERE NOT inserted) FROM written)::int AS updated`,
  );
  await session.query(`TRUNCATE ${STAGING}`);
  const distinct = counts?.distinct ?? 0;
  const inserted = counts?.inserted ?? 0;
  const updated = counts?.updated ?? 0;
  return { inserted, updated, unchanged: distinct - inserted - updated, duplicates: rows.length - distinct };
}

/** Upserts a few rows in their own transaction (a fetched paper, a CLI fetch). */
export async function storePapers(db: Db, rows: readonly NewPaper[]): Promise<UpsertCounts> {
  const counts = await withRawTransaction(db, async (session) => {
    await createStaging(session);
    return upsertPapers(session, rows);
  });
  // After the commit: the kept paper count may count again (docs/ingest.md#freshness).
  if (counts.inserted > 0) noteCorpusWrite();
  return counts;
}
