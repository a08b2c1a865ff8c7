import type { TPaperRef } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { fetchArxivPaper } from '../../ingest/arxiv-api-client';
import { type ArxivHttp, createArxivHttp } from '../../ingest/arxiv-http';
import { isArxivId } from '../../ingest/arxiv-id';
import { storePapers } from '../../ingest/paper-upsert';
import { AppError } from '../../lib/app-error';
import { paperExists } from './papers.repo';

/** A user is waiting: one retry, a short time limit. */
const USER_FETCH = { maxRetries: 1, backoffMs: 1000, timeoutMs: 15_000 };

/** One client per process and interval, so concurrent users together keep arXiv's request rate. */
const clients = new Map<number, ArxivHttp>();
function arxivHttp(intervalMs: number): ArxivHttp {
  let client = clients.get(intervalMs);
  if (!client) {
    client = createArxivHttp({ intervalMs, ...USER_FETCH });
    clients.set(intervalMs, client);
  }
  return client;
}

/**
 * Before opening or adding an arXiv paper: when the corpus lacks it and ARXIV_FETCH_MISSING is on,
 * fetch it from the arXiv API (Atom) and store it, so the caller's lookup finds it. An id arXiv does
 * not know is a 404 saying so; arXiv unreachable (or answering nonsense) is a 502. Runs before the
 * caller's transaction: no lock is held while arXiv answers.
 */
export async function fetchMissingArxivPaper({ db, config }: AppContext, ref: TPaperRef): Promise<void> {
  if (!config.ARXIV_FETCH_MISSING || ref.platform !== 'arxiv' || !isArxivId(ref.paper_id)) return;
  if (await paperExists(db, ref.platform, ref.paper_id)) return;
  let paper: Awaited<ReturnType<typeof fetchArxivPaper>>;
  try {
    paper = await fetchArxivPaper(arxivHttp(config.ARXIV_REQUEST_INTERVAL_MS), config.ARXIV_API_BASE_URL, ref.paper_id);
  } catch (error) {
    throw new AppError(
      'BAD_GATEWAY',
      `arXiv could not be reached to fetch paper arxiv/${ref.paper_id}; try again later`,
      { reason: (error as Error).message },
    );
  }
  if (!paper) throw new AppError('NOT_FOUND', `Paper arxiv/${ref.paper_id} not found, here or on arXiv`);
  await storePapers(db, [paper]);
}
