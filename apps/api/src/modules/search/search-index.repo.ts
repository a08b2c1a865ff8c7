import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';

/**
 * docs/search.md#plans: 'rum' when the papers table has the RUM index of migration
 * 20261125013424_search_facets (matches come out of the index in rank order), else 'gin'
 * (PGlite, servers without the extension: a capped candidate set is ranked).
 */
export type SearchIndex = 'rum' | 'gin';

const RUM_INDEX = 'papers_search_facets_rum_idx';
const EXACT_RUM_INDEX = 'papers_exact_vector_rum_idx';
const EXACT_GIN_INDEX = 'papers_exact_vector_idx';

const detected = new WeakMap<Db, Promise<SearchIndex>>();

async function detect(db: Db): Promise<SearchIndex> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select exists (
      select 1 from pg_indexes where tablename = 'papers' and indexname = ${RUM_INDEX}
    ) as present`),
  );
  return row?.present ? 'rum' : 'gin';
}

/** Which plan search uses on this database; asked once per database handle (the index does not come and go). */
export function searchIndexOf(db: Db): Promise<SearchIndex> {
  let index = detected.get(db);
  if (!index) {
    index = detect(db);
    // A failed lookup (a dropped connection) is asked again next time rather than remembered.
    index.catch(() => detected.delete(db));
    detected.set(db, index);
  }
  return index;
}

/**
 * At start: when the server gained the RUM extension after the migration ran (the migration is a
 * no-op without it), create the extension and the index now. Returns the plan search will use.
 */
export async function ensureSearchIndex(db: Db): Promise<SearchIndex> {
  const [row] = rowsOf<{ available: boolean }>(
    await db.execute(sql`select exists (select 1 from pg_available_extensions where name = 'rum') as available`),
  );
  if (row?.available && (await detect(db)) === 'gin') {
    await db.execute(sql`create extension if not exists rum`);
    await db.execute(
      sql.raw(
        `create index if not exists ${RUM_INDEX} on papers
          using rum ((search_vector || paper_facets(categories, published_date)) rum_tsvector_ops)`,
      ),
    );
    // Migration 20261124130206: phrases are matched from RUM's positions, not rechecked (docs/search.md#plans).
    await db.execute(
      sql.raw(`create index if not exists ${EXACT_RUM_INDEX} on papers using rum (exact_vector rum_tsvector_ops)`),
    );
    await db.execute(sql.raw(`drop index if exists ${EXACT_GIN_INDEX}`));
  }
  detected.delete(db);
  return searchIndexOf(db);
}

/** How long a table-size estimate is reused: it only decides between exact and estimated totals. */
const ROW_ESTIMATE_TTL_MS = 60_000;
const rowEstimates = new WeakMap<Db, { rows: number; at: number }>();

/**
 * The papers table's row count as of its last ANALYZE (0 before any), asked at most once a minute per
 * handle: docs/search.md#totals estimates totals only on a large corpus.
 */
export async function tableRowEstimate(db: Db): Promise<number> {
  const kept = rowEstimates.get(db);
  if (kept && Date.now() - kept.at < ROW_ESTIMATE_TTL_MS) return kept.rows;
  const [row] = rowsOf<{ rows: number | string }>(
    await db.execute(sql`select greatest(reltuples, 0)::bigint as rows from pg_class where oid = 'papers'::regclass`),
  );
  const rows = Number(row?.rows ?? 0);
  rowEstimates.set(db, { rows, at: Date.now() });
  return rows;
}
