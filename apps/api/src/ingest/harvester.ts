import type { Db } from '../db/client';
import { withRawTransaction } from '../db/raw-session';
import { noteCorpusWrite } from '../lib/corpus-writes';
import type { ArxivHttp } from './arxiv-http';
import type { NewPaper } from './arxiv-record';
import { clearHarvestRun, saveHarvestedPage, selectHarvestState } from './harvest-states.repo';
import { type MetadataPrefix, type OaiRecord, parseOaiPage } from './oai-page';
import {
  addUpsertCounts,
  createStaging,
  emptyUpsertCounts,
  type UpsertCounts,
  upsertPapers,
} from './paper-upsert.repo';

/** Skipped records listed by identifier in a summary; the count covers them all. */
const MAX_LISTED_FAILURES = 100;

export interface HarvestOptions {
  baseUrl: string;
  http: ArxivHttp;
  prefix?: MetadataPrefix;
  /** An OAI set such as 'cs' or 'physics:hep-th'; undefined harvests everything. */
  set?: string | undefined;
  /** YYYY-MM-DD; default: the state's last datestamp, else `defaultFrom`. */
  from?: string | undefined;
  until?: string | undefined;
  /** Where a (prefix, set) never harvested before starts. */
  defaultFrom: string;
  signal?: AbortSignal;
  onPage?: (summary: HarvestSummary) => void;
}

export interface HarvestSummary extends UpsertCounts {
  key: string;
  from: string | null;
  until: string | null;
  /** Whether this run continued one that stopped half-way (from its stored resumption token). */
  resumed: boolean;
  pages: number;
  records: number;
  deleted: number;
  skipped: number;
  /** Records skipped as malformed: identifier and reason (the first MAX_LISTED_FAILURES). */
  failures: { identifier: string; reason: string }[];
  lastDatestamp: string | null;
}

/** The harvest stopped for a reason worth telling the operator; stored papers and state are intact. */
export class HarvestFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HarvestFailed';
  }
}

/** The YYYY-MM-DD date `days` days before a YYYY-MM-DD date. */
export const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The day before a YYYY-MM-DD date: where `pnpm ingest harvest` of a set never harvested before starts. */
export const dayBefore = (day: string) => daysBefore(day, 1);

export const harvestKey = (prefix: MetadataPrefix, set: string | undefined) => `${prefix}:${set ?? '*'}`;

function listUrl(baseUrl: string, params: Record<string, string | undefined | null>): string {
  const url = new URL(baseUrl);
  url.searchParams.set('verb', 'ListRecords');
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

const maxDate = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** A page's records counted into the summary: its papers to store, and the newest datestamp among them. */
function tallyRecords(summary: HarvestSummary, records: OaiRecord[]) {
  const papers: NewPaper[] = [];
  let pageNewest: string | null = null;
  for (const record of records) {
    summary.records += 1;
    pageNewest = maxDate(pageNewest, record.datestamp);
    if ('paper' in record.outcome) papers.push(record.outcome.paper);
    else if (record.deleted) summary.deleted += 1;
    else {
      summary.skipped += 1;
      if (summary.failures.length < MAX_LISTED_FAILURES) {
        summary.failures.push({ identifier: record.identifier, reason: record.outcome.reason });
      }
    }
  }
  return { papers, pageNewest };
}

/**
 * Harvests ListRecords for one (metadata format, set), page by page. Each page's upserts and the
 * state row (next resumption token, newest datestamp) commit in one transaction, so a run that
 * dies resumes from the page after the last committed one. The next run starts from the newest
 * datestamp seen (OAI `from` is inclusive: that day is fetched again, and upserts make it harmless).
 */
export async function harvest(db: Db, options: HarvestOptions): Promise<HarvestSummary> {
  const prefix = options.prefix ?? 'arXivRaw';
  const key = harvestKey(prefix, options.set);
  const state = await selectHarvestState(db, key);
  // A stored token belongs to the run it started; an explicit different window starts afresh.
  const resumable =
    state?.resumptionToken &&
    (options.from === undefined || options.from === state.runFrom) &&
    (options.until === undefined || options.until === state.runUntil);
  const from = resumable ? (state.runFrom ?? null) : (options.from ?? state?.lastDatestamp ?? options.defaultFrom);
  const until = resumable ? (state.runUntil ?? null) : (options.until ?? null);
  let token = resumable ? state.resumptionToken : null;

  const summary: HarvestSummary = {
    key,
    from,
    until,
    resumed: Boolean(resumable),
    pages: 0,
    records: 0,
    deleted: 0,
    skipped: 0,
    failures: [],
    lastDatestamp: state?.lastDatestamp ?? null,
    ...emptyUpsertCounts(),
  };

  do {
    if (options.signal?.aborted) throw new HarvestFailed(`harvest of ${key} stopped (shutdown); it resumes next run`);
    const url = token
      ? listUrl(options.baseUrl, { resumptionToken: token })
      : listUrl(options.baseUrl, { metadataPrefix: prefix, set: options.set, from, until });
    const page = parseOaiPage(await options.http.get(url, options.signal), prefix);
    if (page.kind === 'error') {
      // noRecordsMatch: nothing changed in the window, a successful empty harvest.
      if (page.code === 'noRecordsMatch') {
        if (resumable) await clearHarvestRun(db, key);
        break;
      }
      throw new HarvestFailed(`arXiv refused the harvest of ${key}: ${page.code}: ${page.message}`);
    }
    const { papers, pageNewest } = tallyRecords(summary, page.records);
    token = page.resumptionToken;
    const newest = maxDate(summary.lastDatestamp, pageNewest);
    const counts = await withRawTransaction(db, async (session) => {
      await createStaging(session);
      const written = await upsertPapers(session, papers);
      await saveHarvestedPage(session, {
        key,
        prefix,
        set: options.set ?? null,
        lastDatestamp: newest,
        runFrom: token ? from : null,
        runUntil: token ? until : null,
        resumptionToken: token,
        records: page.records.length,
      });
      return written;
    });
    // After the page's commit: the kept paper count may count again (docs/ingest.md#freshness).
    if (counts.inserted > 0) noteCorpusWrite();
    addUpsertCounts(summary, counts);
    summary.lastDatestamp = newest;
    summary.pages += 1;
    options.onPage?.(summary);
  } while (token);
  return summary;
}
