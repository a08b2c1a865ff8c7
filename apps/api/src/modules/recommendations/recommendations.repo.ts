import type { TPaperRef } from '@paperbench/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaperRow, paperColumns } from '../../db/columns/paper-columns';
import { rowsOf } from '../../db/execute-result';
import { folderFiles, folders, papers } from '../../db/schema';
import { ownedFolder, readableFolder } from '../../policies/folder-scope.repo';
import { amongPaperRefs, UPLOAD_PLATFORM, visiblePaperFilter } from '../papers/paper-visibility.repo';
import { TOPICAL_WEIGHTS } from './term-stats.repo';

/** A paper the user keeps, as the profile and the explanations need it. */
export interface KeptPaper extends TPaperRef {
  title: string;
}

/** A paper's title and abstract lexemes (tsvector text) and its categories. */
export interface TopicalRow {
  platform: string;
  paperId: string;
  vector: string;
  categories: string[];
}

/** Which kept papers a recommendation is built from: all of the user's files, or one folder's. */
export type KeptScope = { userId: number; folderId?: number };

/** A user with thousands of files still gets an answer in bounded time: the most recent ones speak for them. */
export const MAX_PROFILE_PAPERS = 300;

function keptFilesQuery(db: Db, { userId, folderId }: KeptScope) {
  // One folder: any the caller may read (a shared one too: the service checked 'folder.read'); else their File List.
  const inScope =
    folderId === undefined ? ownedFolder(userId) : and(readableFolder({ userId }), eq(folders.id, folderId));
  return db
    .select({
      platform: folderFiles.platform,
      paperId: folderFiles.paperId,
      lastAdded: sql`max(${folderFiles.addedAt})`.as('last_added'),
    })
    .from(folderFiles)
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), inScope))
    .groupBy(folderFiles.platform, folderFiles.paperId);
}

/** The kept papers of the scope, most recently added first, at most MAX_PROFILE_PAPERS. */
export async function selectKeptPapers(db: Db, scope: KeptScope): Promise<KeptPaper[]> {
  const kept = keptFilesQuery(db, scope).as('kept');
  const rows = await db
    .select({ platform: papers.platform, paper_id: papers.paperId, title: papers.title })
    .from(kept)
    .innerJoin(papers, and(eq(papers.platform, kept.platform), eq(papers.paperId, kept.paperId)))
    // An upload whose grant ended stays in the folder but speaks for nothing (docs/collaboration.md#uploads).
    .where(visiblePaperFilter(scope.userId))
    .orderBy(sql`${kept.lastAdded} desc`, papers.platform, papers.paperId)
    .limit(MAX_PROFILE_PAPERS);
  return rows;
}

/** Every paper of the scope (not capped): what exclude_existing leaves out. */
export function keptRefsSubquery(db: Db, scope: KeptScope): SQL {
  const kept = keptFilesQuery(db, scope);
  return sql`select k.platform, k.paper_id from (${kept}) as k`;
}

/**
 * The title and abstract part of the given papers' stored search vectors, as text (one row per
 * paper), so lexemes are stemmed exactly as the full-text index has them.
 */
export async function selectTopicalVectors(db: Db, refs: readonly TPaperRef[]): Promise<TopicalRow[]> {
  if (refs.length === 0) return [];
  return db
    .select({
      platform: papers.platform,
      paperId: papers.paperId,
      vector: sql<string>`ts_filter(${papers.searchVector}, ${TOPICAL_WEIGHTS})::text`,
      categories: papers.categories,
    })
    .from(papers)
    .where(amongPaperRefs(refs));
}

/** A weighted query term: a lexeme of the profile and how much a paper that has it gains. */
export interface QueryTerm {
  term: string;
  weight: number;
}

/**
 * The "more like these" query: every public paper that has one of the terms scores the sum of the
 * weights of the terms it has. One GIN lookup per term; papers in `exclude` are left out.
 */
export async function selectCandidates(
  db: Db,
  terms: readonly QueryTerm[],
  { exclude, limit }: { exclude?: SQL; limit: number },
): Promise<TPaperRef[]> {
  if (terms.length === 0) return [];
  const excluded = exclude ? sql`and (h.platform, h.paper_id) not in (${exclude})` : sql``;
  const result = await db.execute(sql`
    with q as (select * from json_to_recordset(${JSON.stringify(terms)}::json) as q(term text, weight float8)),
    hits as (
      select h.platform, h.paper_id, sum(q.weight) as score
      from q cross join lateral (
        select platform, paper_id from ${papers}
        where search_vector @@ quote_literal(q.term)::tsquery and platform <> ${UPLOAD_PLATFORM}
      ) h
      where true ${excluded}
      group by h.platform, h.paper_id
    )
    select platform, paper_id from hits order by score desc, platform, paper_id limit ${limit}`);
  return rowsOf<TPaperRef>(result);
}

/** Full rows of the given papers, for the response. */
export function selectPaperRows(db: Db, refs: readonly TPaperRef[]): Promise<PaperRow[]> {
  if (refs.length === 0) return Promise.resolve([]);
  return db.select(paperColumns).from(papers).where(amongPaperRefs(refs));
}

/**
 * The words of the papers' titles and abstracts with the lexeme each stems to, so a shared lexeme
 * ('transform') can be shown as a word of the paper ('transformer').
 */
export async function selectSurfaceWords(db: Db, refs: readonly TPaperRef[]) {
  if (refs.length === 0) return [];
  const result = await db.execute(sql`
    select w.word, (ts_lexize('english_stem', w.word))[1] as lexeme, count(*)::int as uses
    from ${papers}
      cross join lateral regexp_split_to_table(lower(${papers.title} || ' ' || coalesce(${papers.abstract}, '')), '[^a-z]+') as w(word)
    where ${amongPaperRefs(refs)} and length(w.word) > 2
    group by w.word`);
  return rowsOf<{ word: string; lexeme: string | null; uses: number }>(result);
}
