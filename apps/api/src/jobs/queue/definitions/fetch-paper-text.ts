import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { createDatabasePacer, type Pacer } from '../../../ingest/outbound-pacer';
import { AppError } from '../../../lib/app-error';
import { selectFetchedPaper } from '../../../modules/passages/full-text.repo';
import { storeAbstractOnly, storeExtractedText } from '../../../modules/passages/full-text-store';
import { remotePdfUrl } from '../../../modules/passages/remote-pdf-source';
import { createRemotePdfCache } from '../../../modules/pdfs/remote-pdf.service';
import { markTextFailed } from '../../../modules/uploads/paper-texts.repo';
import type { PdfText } from '../../../modules/uploads/pdf-text';
import { PdfRefusedError } from '../../../modules/uploads/pdf-text-limits';
import { readStoredBytes } from '../../../storage/read-stored-bytes';
import { defineQueueJob, PermanentJobError } from '../queue-job-definition';

const ZPayload = z.object({ platform: z.enum(['arxiv', 'acl']), paper_id: z.string().min(1) });

/** One PDF cache and one arXiv pacer per app context: concurrent jobs share their in-flight fetches and slots. */
const perContext = new WeakMap<AppContext, { cache: ReturnType<typeof createRemotePdfCache>; arxiv: Pacer }>();
function fetchersOf(context: AppContext) {
  let fetchers = perContext.get(context);
  if (!fetchers) {
    const intervalMs = context.config.ARXIV_REQUEST_INTERVAL_MS;
    fetchers = {
      cache: createRemotePdfCache(context),
      // docs/security.md#outbound-requests-to-arxiv: the same shared slots as every other request to arXiv.
      arxiv: createDatabasePacer(context.db, { service: 'arxiv', intervalMs }),
    };
    perContext.set(context, fetchers);
  }
  return fetchers;
}

/**
 * The full text of an arXiv or ACL paper (docs/ai.md#full-text-and-passages, docs/queue.md): its PDF
 * through the PDF proxy's cache (allow-list, time limit, byte cap; arXiv paced), extracted on the
 * worker under the EXTRACTION_* limits like uploads, cut into passages. A PDF that cannot be fetched
 * leaves the abstract as the one passage ('abstract-only', at once: process_embeddings tries again);
 * one that cannot be read is 'failed' for good.
 */
export const fetchPaperTextJob = defineQueueJob({
  id: 'fetch-paper-text',
  version: 1,
  payload: ZPayload,
  maxAttempts: 3,
  visibilityTimeoutMs: 120_000,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  concurrency: (config) => config.EXTRACTION_CONCURRENCY,
  async handler(context, ref, { signal }) {
    const { db, storage, pdfText, config, ai } = context;
    const paper = await selectFetchedPaper(db, ref);
    if (paper?.status !== 'pending') return;
    const embedding = { embed: ai.embed !== null };
    const { cache, arxiv } = fetchersOf(context);
    let storageKey: string;
    try {
      const beforeFetch = ref.platform === 'arxiv' ? () => arxiv.waitForSlot(signal) : undefined;
      ({ storageKey } = await cache.open(remotePdfUrl(config, ref), { beforeFetch }));
    } catch (error) {
      if (signal.aborted || !(error instanceof AppError)) throw error;
      await storeAbstractOnly(db, ref, paper.abstract, error.message, embedding);
      return;
    }
    let extracted: PdfText;
    try {
      extracted = await pdfText.extract(await readStoredBytes(storage, storageKey), signal);
    } catch (error) {
      if (error instanceof PdfRefusedError && !signal.aborted) throw new PermanentJobError(error.message);
      throw error;
    }
    if (signal.aborted) return;
    await storeExtractedText(db, ref, extracted, embedding);
  },
  async onGaveUp({ db }, ref, reason) {
    await markTextFailed(db, ref, reason);
  },
});
