import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { papers } from '../schema';

/**
 * The full-text fragments search, the paper list, followed topics and the daily feed share, so one
 * query string means the same papers everywhere.
 *
 * Web-search syntax ("phrase", a OR b, -term) parsed by Postgres itself, with the same 'english'
 * configuration that built the stored vectors (migration 0000).
 */
export const webSearchQuery = (text: string): SQL => sql`websearch_to_tsquery('english', ${text})`;

/** Papers whose weighted vector (title, authors, abstract) matches the query; the GIN index answers it. */
export const matchesFullText = (query: SQL): SQL<boolean> => sql<boolean>`${papers.searchVector} @@ ${query}`;

/**
 * Cover-density rank over the weighted vector (title A > authors B > abstract C); normalisation 32
 * maps it to rank/(rank+1), a 0..1 score that is comparable within one result set.
 */
export const relevance = (query: SQL): SQL<number> => sql<number>`ts_rank_cd(${papers.searchVector}, ${query}, 32)`;

/**
 * ts_headline marks matches with these control characters (HTML-like markers such as <b> could occur
 * in an abstract; C0 controls never do in metadata). The markers are turned into offsets
 * (modules/search/search-highlights.ts), so no markup ever reaches a client.
 */
export const MATCH_START = '\u0001';
export const MATCH_STOP = '\u0002';

/**
 * The whole text with every match marked (HighlightAll): the client cuts the snippet itself, because
 * only it knows where a TeX formula starts and ends and must not be cut.
 */
export const markMatches = (text: AnyColumn, query: SQL): SQL<string | null> =>
  sql<
    string | null
  >`ts_headline('english', ${text}, ${query}, ${`HighlightAll=true, StartSel=${MATCH_START}, StopSel=${MATCH_STOP}`})`;
