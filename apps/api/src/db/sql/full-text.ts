import { type SQL, sql } from 'drizzle-orm';
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
