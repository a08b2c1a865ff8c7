import { paperRefKey, type TChatFile, type TPaperRef } from '@paperbench/contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { enqueue } from '../../jobs/queue/enqueue';
import { isFetchedPlatform } from '../../lib/paper-platforms';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { insertPendingTextIfAbsent, reopenAbstractOnly, reopenTextWithoutPages } from './full-text.repo';

/** docs/queue.md: one job of a kind per paper at a time. */

/**
 * docs/ai.md#full-text-and-passages: the papers' full text is asked for, inside the caller's
 * transaction (the job exists exactly when the change that asked for it commits). Only papers with
 * nothing yet get a job: pending, ready and failed ones are left alone, so asking again is free.
 * An upload's text is queued at upload; it is queued again only when it was extracted before pages
 * were kept. arXiv and ACL papers are fetched when FULL_TEXT_FETCH is on; `retryAbstractOnly`
 * (process_embeddings) also tries again the PDFs that could not be fetched before. Nothing is fetched
 * here: call the queue's wake() after the commit. Returns how many jobs were queued.
 */
export async function requestFullText(
  tx: Db | Tx,
  config: Pick<Config, 'FULL_TEXT_FETCH'>,
  refs: readonly TPaperRef[],
  { retryAbstractOnly = false }: { retryAbstractOnly?: boolean } = {},
): Promise<number> {
  let queued = 0;
  for (const ref of refs) {
    if (ref.platform === UPLOAD_PLATFORM) {
      if (!(await reopenTextWithoutPages(tx, ref))) continue;
      await enqueue(tx, 'extract-pdf-text', ref, { dedupeKey: paperRefKey(ref) });
    } else {
      if (!config.FULL_TEXT_FETCH || !isFetchedPlatform(ref.platform)) continue;
      const asked =
        (await insertPendingTextIfAbsent(tx, ref)) || (retryAbstractOnly && (await reopenAbstractOnly(tx, ref)));
      if (!asked) continue;
      await enqueue(
        tx,
        'fetch-paper-text',
        { platform: ref.platform as 'arxiv' | 'acl', paper_id: ref.paper_id },
        {
          dedupeKey: paperRefKey(ref),
        },
      );
    }
    queued++;
  }
  return queued;
}

/** paper_texts.status as GET /api/chat/files and process_embeddings report it: 'none' when never asked for. */
export function embeddingStatusOf(textStatus: string | null): TChatFile['embedding_status'] {
  switch (textStatus) {
    case 'pending':
    case 'ready':
    case 'failed':
    case 'abstract-only':
      return textStatus;
    default:
      return 'none';
  }
}
