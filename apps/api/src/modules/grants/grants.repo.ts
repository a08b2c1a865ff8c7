import type { TGrantKind, TGrantSort } from '@paperbench/contract';
import { and, eq, getTableColumns, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { folderFiles, folders, grants, papers } from '../../db/schema';
import { escapeLike } from '../../db/sql/like-pattern';
import type { Actor } from '../../policies/decision';
import { readableFolder } from '../../policies/folder-scope.repo';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/** The columns a result carries: everything but the search vector and the bookkeeping time. */
const { searchVector: _searchVector, updatedAt: _updatedAt, ...grantColumns } = getTableColumns(grants);

export type GrantRow = {
  [K in keyof typeof grantColumns]: (typeof grantColumns)[K]['_']['data'] | null;
} & { score: number };

export interface GrantFilters {
  kind?: TGrantKind | undefined;
  agencies?: readonly string[] | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  organisation?: string | undefined;
  pi?: string | undefined;
}

export interface GrantSearchPage {
  /**
   * The whole query, already a tsquery (user words, model terms and folder terms ORed together); null lists
   * every grant the filters keep (the open calls, browsed without words).
   */
  tsQuery: SQL | null;
  /** The relevance score (grant-score.ts); the stemmed rank of tsQuery when absent. */
  score?: SQL | undefined;
  filters: GrantFilters;
  sort: TGrantSort;
  limit: number;
  offset: number;
}

/** A stemmed lexeme as selectFolderLexemes returns them: lowercase letters only, so it needs no quoting rules. */
const LEXEME = /^[a-z]+$/;

/** Stemmed lexemes (from a folder's papers) as one OR query, matched as stored (no further stemming). */
export const lexemesTsQuery = (lexemes: readonly string[]): SQL =>
  sql`${lexemes
    .filter((lexeme) => LEXEME.test(lexeme))
    .map((lexeme) => `'${lexeme}'`)
    .join(' | ')}::tsquery`;

/** The lexemes as one JSON parameter: the same on both drivers, and cheap to plan. */
const lexemeList = (lexemes: readonly string[]): SQL =>
  sql`(select value as lexeme from json_array_elements_text(${JSON.stringify(lexemes)}::json))`;

/** Queries ORed: a grant matching any of them is a hit. */
export const anyOf = (queries: readonly SQL[]): SQL =>
  sql`(${sql.join(
    queries.map((query) => sql`(${query})`),
    sql` || `,
  )})`;

/** Grants the query (any, when null) and the filters keep. */
export function matching(tsQuery: SQL | null, filters: GrantFilters): SQL {
  return and(
    tsQuery ? sql`${grants.searchVector} @@ ${tsQuery}` : sql`true`,
    filters.kind ? eq(grants.kind, filters.kind) : undefined,
    filters.agencies?.length ? inArray(grants.agency, [...filters.agencies]) : undefined,
    filters.amountMin !== undefined ? gte(grants.amount, filters.amountMin) : undefined,
    filters.amountMax !== undefined ? lte(grants.amount, filters.amountMax) : undefined,
    filters.dateFrom ? gte(grants.startDate, filters.dateFrom) : undefined,
    filters.dateTo ? lte(grants.startDate, filters.dateTo) : undefined,
    filters.organisation ? ilike(grants.organisation, `%${escapeLike(filters.organisation)}%`) : undefined,
    filters.pi ? ilike(grants.pi, `%${escapeLike(filters.pi)}%`) : undefined,
  ) as SQL;
}

/** Cover-density rank over the weighted vector (title A > keywords B > abstract C), normalised to 0..1. */
const relevance = (tsQuery: SQL | null) =>
  tsQuery ? sql<number>`ts_rank_cd(${grants.searchVector}, ${tsQuery}, 32)` : sql<number>`0`;

function orderOf(sort: TGrantSort, score: SQL): SQL[] {
  const tieBreak = [sql`${grants.source}`, sql`${grants.sourceId}`];
  if (sort === 'amount') return [sql`${grants.amount} DESC NULLS LAST`, sql`${score} DESC`, ...tieBreak];
  if (sort === 'date') return [sql`${grants.startDate} DESC NULLS LAST`, sql`${score} DESC`, ...tieBreak];
  return [sql`${score} DESC`, sql`${grants.startDate} DESC NULLS LAST`, ...tieBreak];
}

/** One page of the grants a query and its filters match, in the asked order. */
export async function selectGrantPage(
  db: Db,
  { tsQuery, score: given, filters, sort, limit, offset }: GrantSearchPage,
) {
  const score = given ? sql<number>`${given}` : relevance(tsQuery);
  // Ordered by the output column, so the score's expression is computed once a row.
  const rows = await db
    .select({ ...grantColumns, score: score.mapWith(Number).as('score') })
    .from(grants)
    .where(matching(tsQuery, filters))
    .orderBy(...orderOf(sort, sql`score`))
    .limit(limit)
    .offset(offset);
  return rows as GrantRow[];
}

export interface FacetRow {
  facet: 'kind' | 'agency';
  value: string;
  count: number;
}

/** Kind and agency counts over every grant the query and filters match (all pages). */
export async function selectGrantFacets(db: Db, tsQuery: SQL | null, filters: GrantFilters): Promise<FacetRow[]> {
  const result = await db.execute(sql`
    with hits as (select ${grants.kind} as kind, ${grants.agency} as agency from ${grants} where ${matching(tsQuery, filters)})
    select 'kind' as facet, kind as value, count(*)::int as count from hits group by kind
    union all
    select 'agency' as facet, agency as value, count(*)::int as count from hits group by agency`);
  return rowsOf<FacetRow>(result).map((row) => ({ ...row, count: Number(row.count) }));
}

/** Grants stored of each kind, whatever the query: whether any open calls were fetched at all. */
export async function selectStoredKinds(db: Db): Promise<{ award: number; opportunity: number }> {
  const rows = await db
    .select({ kind: grants.kind, count: sql<number>`count(*)`.mapWith(Number) })
    .from(grants)
    .groupBy(grants.kind);
  const of = (kind: TGrantKind) => rows.find((row) => row.kind === kind)?.count ?? 0;
  return { award: of('award'), opportunity: of('opportunity') };
}

/** The most papers of a folder read for "grants like this folder": the most recently added. */
export const MAX_FOLDER_PAPERS = 200;

export interface LexemeCount {
  lexeme: string;
  /** Occurrences in the folder's titles and abstracts. */
  tf: number;
}

/**
 * The stemmed words of the titles and abstracts of a folder's papers (at most MAX_FOLDER_PAPERS), with their
 * counts; 'english' stems them as the grants' vectors are stemmed. The folder is read through the caller's scope
 * (readableFolder) as a second wall behind the service's requireAccess.
 */
export async function selectFolderLexemes(db: Db, actor: Actor, folderId: number, max = 300): Promise<LexemeCount[]> {
  const result = await db.execute(sql`
    with docs as (
      select to_tsvector('english', ${papers.title} || ' ' || coalesce(${papers.abstract}, '')) as v
      from ${folderFiles}
        inner join ${folders} on ${folders.id} = ${folderFiles.folderId} and ${readableFolder(actor)}
        inner join ${papers} on ${papers.platform} = ${folderFiles.platform} and ${papers.paperId} = ${folderFiles.paperId}
      where ${folderFiles.folderId} = ${folderId} and ${visiblePaperFilter(actor.userId)}
      order by ${folderFiles.addedAt} desc
      limit ${MAX_FOLDER_PAPERS}
    )
    select u.lexeme, sum(coalesce(array_length(u.positions, 1), 1))::int as tf
    from docs cross join lateral unnest(docs.v) as u
    where length(u.lexeme) > 2 and u.lexeme ~ '^[a-z]+$'
    group by u.lexeme
    order by tf desc, u.lexeme
    limit ${max}`);
  return rowsOf<LexemeCount>(result).map((row) => ({ lexeme: row.lexeme, tf: Number(row.tf) }));
}

/** How many grants hold each lexeme, and how many grants there are: the idf of "like this folder". */
export async function selectGrantDocumentFrequencies(
  db: Db,
  lexemes: readonly string[],
): Promise<{ total: number; df: Map<string, number> }> {
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(grants);
  if (lexemes.length === 0) return { total: counted?.total ?? 0, df: new Map() };
  const result = await db.execute(sql`
    select l.lexeme, (select count(*) from ${grants} where ${grants.searchVector} @@ quote_literal(l.lexeme)::tsquery)::int as df
    from ${lexemeList(lexemes)} as l`);
  const rows = rowsOf<{ lexeme: string; df: number }>(result);
  return { total: counted?.total ?? 0, df: new Map(rows.map((row) => [row.lexeme, Number(row.df)])) };
}
