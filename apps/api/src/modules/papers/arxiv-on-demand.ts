import type { TPaperRef } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { fetchArxivPaper } from '../../ingest/arxiv-api-client';
import { type ArxivHttp, createArxivHttp } from '../../ingest/arxiv-http';
import { isArxivId } from '../../ingest/arxiv-id';
import { createDatabasePacer, OutboundBusy } from '../../ingest/outbound-pacer';
import { storePapers } from '../../ingest/paper-upsert.repo';
import { AppError } from '../../lib/app-error';
import { paperExists } from './papers.repo';

/** A user is waiting: one retry, a short time limit. */
const USER_FETCH = { maxRetries: 1, backoffMs: 1000, timeoutMs: 15_000 };

/**
 * One client per database: its requests take slots from the `outbound_pacing` row every process and
 * replica on that database shares (docs/security.md#outbound-requests-to-arxiv), and at most ARXIV_MAX_WAITING wait for one.
 */
const clients = new WeakMap<AppContext['db'], ArxivHttp>();
function arxivHttp({ db, config }: Pick<AppContext, 'db' | 'config'>): ArxivHttp {
  let client = clients.get(db);
  if (!client) {
    const intervalMs = config.ARXIV_REQUEST_INTERVAL_MS;
    const pacer = createDatabasePacer(db, { service: 'arxiv', intervalMs, maxWaiting: config.ARXIV_MAX_WAITING });
    client = createArxivHttp({ intervalMs, pacer, ...USER_FETCH });
    clients.set(db, client);
  }
  return client;
}

/**
 * Before opening or adding an arXiv paper: when the corpus lacks it and ARXIV_FETCH_MISSING is on,
 * fetch it from the arXiv API (Atom) and store it, so the caller's lookup finds it. An id arXiv does
 * not know is a 404 saying so; arXiv unreachable (or answering nonsense) is a 502. Runs before the
 * caller's transaction: no lock is held while arXiv answers. Too many waiting for arXiv is a 503.
 *
 * `_caller` is the authenticated user (requireUser's result): docs/security.md#outbound-requests-to-arxiv asks that nothing be
 * fetched or written for an anonymous caller, so a route must authenticate before it can call this.
 */
export async function fetchMissingArxivPaper(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  _caller: number,
  ref: TPaperRef,
): Promise<void> {
  if (!config.ARXIV_FETCH_MISSING || ref.platform !== 'arxiv' || !isArxivId(ref.paper_id)) return;
  if (await paperExists(db, ref.platform, ref.paper_id)) return;
  let paper: Awaited<ReturnType<typeof fetchArxivPaper>>;
  try {
    paper = await fetchArxivPaper(arxivHttp({ db, config }), config.ARXIV_API_BASE_URL, ref.paper_id);
  } catch (error) {
    if (error instanceof OutboundBusy) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `Too many requests are waiting for arXiv to fetch papers the corpus lacks; try arxiv/${ref.paper_id} again later`,
        { retry_after_seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) },
      );
    }
    throw new AppError(
      'BAD_GATEWAY',
      `arXiv could not be reached to fetch paper arxiv/${ref.paper_id}; try again later`,
      { reason: (error as Error).message },
    );
  }
  if (!paper) throw new AppError('NOT_FOUND', `Paper arxiv/${ref.paper_id} not found, here or on arXiv`);
  await storePapers(db, [paper]);
}
