import type { TGrantKind, TGrantSearchRequest, TGrantSearchResponse } from '@paperbench/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webSearchQuery } from '../../db/sql/full-text';
import { requireAccess } from '../../policies/access';
import type { Actor } from '../../policies/decision';
import { presentFacets, presentGrant } from './grant.presenter';
import { planQuery, type QueryPlan } from './grant-query-plan';
import { conceptScore } from './grant-score';
import {
  anyOf,
  type GrantFilters,
  lexemesTsQuery,
  selectFolderLexemes,
  selectGrantDocumentFrequencies,
  selectGrantFacets,
  selectGrantPage,
  selectStoredKinds,
} from './grants.repo';
import { partialNotice } from './query-concepts';
import type { QueryExpander } from './query-expansion';

type Logger = { warn: (details: object, message: string) => void };

/** docs/grants.md#grants-like-this-folder: how many of a folder's words make its query. */
export const FOLDER_TERMS = 12;
/** Words in more than this share of all grants say nothing about a folder's topic. */
const MAX_DOCUMENT_SHARE = 0.3;

/**
 * "Grants like this folder": the folder's most distinctive stemmed words, by tf-idf: how often the words occur
 * in its papers' titles and abstracts, times log(grants / grants holding the word). Words no grant holds
 * cannot find one, and words most grants hold rank nothing, so both are left out.
 */
export async function folderTerms(db: Db, actor: Actor, folderId: number): Promise<string[]> {
  const counts = await selectFolderLexemes(db, actor, folderId);
  const { total, df } = await selectGrantDocumentFrequencies(
    db,
    counts.map((count) => count.lexeme),
  );
  return counts
    .map(({ lexeme, tf }) => {
      const holding = df.get(lexeme) ?? 0;
      const usable = holding > 0 && holding <= total * MAX_DOCUMENT_SHARE;
      return { lexeme, score: usable ? tf * Math.log(total / holding) : 0 };
    })
    .filter((term) => term.score > 0)
    .sort((a, b) => b.score - a.score || a.lexeme.localeCompare(b.lexeme))
    .slice(0, FOLDER_TERMS)
    .map((term) => term.lexeme);
}

const filtersOf = (request: TGrantSearchRequest): GrantFilters => ({
  kind: request.kind,
  agencies: request.agencies,
  amountMin: request.amount_min,
  amountMax: request.amount_max,
  dateFrom: request.date_from,
  dateTo: request.date_to,
  organisation: request.organisation,
  pi: request.pi,
});

/** A model term as a phrase of the web-search syntax: its words in order, never an operator. */
const phrase = (term: string) => `"${term.replaceAll('"', '')}"`;

/** Today as YYYY-MM-DD (UTC): the day an open call's status is read on. */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * docs/grants.md#search: full-text search over grant titles (A), keywords (B) and abstracts (C), with filters,
 * a sort and kind/agency facets over the filtered set. The query is read as concepts and ranked by them
 * (grant-query-plan.ts: partial matches when few grants hold every word), ORed with up to five related terms
 * from the model (when one is configured) and with the folder's distinctive words (folder_id). A blank query
 * on open calls lists them all.
 */
export async function searchGrants(
  { db, expander, now = () => new Date() }: { db: Db; expander: QueryExpander; now?: () => Date },
  actor: Actor,
  request: TGrantSearchRequest,
  log: Logger,
): Promise<TGrantSearchResponse> {
  if (request.folder_id !== undefined) await requireAccess(db, actor, 'folder.read', [request.folder_id]);
  const filters = filtersOf(request);
  const [expanded, folderWords, stored, plan] = await Promise.all([
    expander.expand(request.query, log),
    request.folder_id === undefined ? Promise.resolve([]) : folderTerms(db, actor, request.folder_id),
    selectStoredKinds(db),
    request.query ? planQuery(db, request.query, filters) : Promise.resolve(null),
  ]);
  const queries: SQL[] = [];
  if (plan) queries.push(plan.tsQuery);
  for (const term of expanded) queries.push(webSearchQuery(phrase(term)));
  if (folderWords.length) queries.push(lexemesTsQuery(folderWords));
  const answer = {
    expanded_terms: expanded,
    mode: expanded.length > 0 ? ('model' as const) : ('extractive' as const),
    ...planFields(plan, request.kind ?? onlyKindStored(stored)),
    stored,
  };
  // A folder without a word any grant holds (and no query) finds nothing; the database need not be asked.
  if (queries.length === 0 && (request.kind !== 'opportunity' || request.folder_id !== undefined)) {
    return { results: [], total: 0, facets: { kind: [], agency: [] }, ...answer };
  }
  const tsQuery = queries.length > 0 ? anyOf(queries) : null;
  const rows = await selectGrantPage(db, {
    tsQuery,
    score: plan && tsQuery ? conceptScore(plan.concepts, plan.related, tsQuery) : undefined,
    filters,
    sort: request.sort,
    limit: request.limit,
    offset: request.offset,
  });
  const facets = presentFacets(await selectGrantFacets(db, tsQuery, filters));
  const day = today(now());
  return {
    results: rows.map((row) => presentGrant(row, day)),
    total: facets.kind.reduce((sum, facet) => sum + facet.count, 0),
    facets,
    ...answer,
  };
}

/** The one kind stored, if only one is (the shipped sample: awards), so a notice can name it. */
const onlyKindStored = (stored: { award: number; opportunity: number }): TGrantKind | undefined =>
  stored.opportunity === 0 ? 'award' : stored.award === 0 ? 'opportunity' : undefined;

/** The response's fields about how the words were matched; the notice names the kind searched (or stored). */
const planFields = (plan: QueryPlan | null, kind: TGrantKind | undefined) => ({
  match: plan?.match ?? ('all' as const),
  partial: plan?.partial ?? null,
  notice: plan?.partial
    ? partialNotice(kind, plan.partial.concepts, plan.partial.all_count, plan.partial.showing)
    : null,
  related_terms: plan?.relatedTerms ?? [],
});
