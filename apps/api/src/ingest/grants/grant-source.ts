import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { GrantHttp } from './grant-http';
import type { NewGrant } from './grant-record';
import { addGrantCounts, emptyGrantCounts, type GrantUpsertCounts, upsertGrants } from './grant-upsert.repo';
import { grantsGovPages } from './grants-gov';
import { nihPages } from './nih-reporter';
import { nsfPages } from './nsf-awards';

/** One answer of a source: its records (or why each cannot be stored) and the source's total when it says. */
export interface GrantPage {
  records: (NewGrant | string)[];
  total: number | null;
}

export const GRANT_INGEST_SOURCES = ['nih', 'nsf', 'grantsgov'] as const;
export type GrantIngestSource = (typeof GRANT_INGEST_SOURCES)[number];

type Pages = (http: GrantHttp, baseUrl: string, query: string, limit: number) => AsyncGenerator<GrantPage>;

const SOURCES: Record<GrantIngestSource, { pages: Pages; baseUrl: (config: Config) => string; needsQuery: boolean }> = {
  nih: { pages: nihPages, baseUrl: (config) => config.NIH_REPORTER_BASE_URL, needsQuery: true },
  nsf: { pages: nsfPages, baseUrl: (config) => config.NSF_AWARDS_BASE_URL, needsQuery: true },
  // A blank keyword lists every open and forecasted call.
  grantsgov: { pages: grantsGovPages, baseUrl: (config) => config.GRANTS_GOV_BASE_URL, needsQuery: false },
};

export const sourceNeedsQuery = (source: GrantIngestSource) => SOURCES[source].needsQuery;

export interface GrantIngestSummary extends GrantUpsertCounts {
  source: GrantIngestSource;
  pages: number;
  fetched: number;
  skipped: number;
  /** Skip reasons with how many records each. */
  reasons: Record<string, number>;
  /** What the source said it holds for the query, when it says. */
  total: number | null;
}

export interface GrantIngestOptions {
  source: GrantIngestSource;
  query: string;
  /** Most records fetched in all. */
  limit: number;
  config: Pick<Config, 'NIH_REPORTER_BASE_URL' | 'NSF_AWARDS_BASE_URL' | 'GRANTS_GOV_BASE_URL'>;
  http: GrantHttp;
  onPage?: (summary: GrantIngestSummary) => void;
}

/**
 * docs/grants.md#ingest: fetches `limit` records of one source page by page and upserts each page by
 * (source, source_id) as it arrives, so an interrupted run keeps what it stored.
 */
export async function ingestGrants(db: Db, options: GrantIngestOptions): Promise<GrantIngestSummary> {
  const { source, query, limit, config, http, onPage } = options;
  const summary: GrantIngestSummary = {
    source,
    pages: 0,
    fetched: 0,
    skipped: 0,
    reasons: {},
    total: null,
    ...emptyGrantCounts(),
  };
  const { pages, baseUrl } = SOURCES[source];
  for await (const page of pages(http, baseUrl(config as Config), query, limit)) {
    summary.pages += 1;
    summary.fetched += page.records.length;
    summary.total = page.total ?? summary.total;
    const usable: NewGrant[] = [];
    for (const record of page.records) {
      if (typeof record !== 'string') {
        usable.push(record);
        continue;
      }
      summary.skipped += 1;
      summary.reasons[record] = (summary.reasons[record] ?? 0) + 1;
    }
    addGrantCounts(summary, await upsertGrants(db, usable));
    onPage?.(summary);
  }
  return summary;
}
