import type { AppContext } from '../../app-context';
import { createDatabasePacer, type Pacer } from '../../ingest/outbound-pacer';
import { AppError } from '../../lib/app-error';
import { selectFetchedPaper } from '../../modules/passages/full-text.repo';
import { storeAbstractOnly, storeExtractedText } from '../../modules/passages/full-text-store';
import { remotePdfUrl } from '../../modules/passages/remote-pdf-source';
import { createRemotePdfCache } from '../../modules/pdfs/remote-pdf.service';
import type { PdfText } from '../../modules/uploads/pdf-text';
import { PdfRefusedError } from '../../modules/uploads/pdf-text-limits';
import { readStoredBytes } from '../../storage/read-stored-bytes';
import { type JobRun, PermanentJobError } from '../job-definition';
import type { JobPayloads } from '../job-payloads';

type FetchContext = Pick<AppContext, 'db' | 'storage' | 'pdfText' | 'config' | 'ai'>;

/** One PDF cache and one arXiv pacer per app context: concurrent jobs share their in-flight fetches and slots. */
const perContext = new WeakMap<FetchContext, { cache: ReturnType<typeof createRemotePdfCache>; arxiv: Pacer }>();
function fetchersOf(context: FetchContext) {
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

/** An arXiv or ACL paper's PDF through the proxy's cache, extracted and stored with its passages. */
export async function fetchPaperText(context: FetchContext, ref: JobPayloads['fetch-paper-text'], { signal }: JobRun) {
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
}
