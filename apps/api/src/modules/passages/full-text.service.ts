import type { TPaperRef, ZEmbeddingStatus } from '@paperbench/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { describePaper, findVisiblePaper } from '../papers/paper-visibility.repo';
import { selectTextStatus } from './full-text.repo';
import { embeddingStatusOf, requestFullText } from './full-text-requests';

/**
 * POST /api/chat/process_embeddings (requirements §7): the paper's full text is asked for (an abstract-only
 * one is fetched again) and its status answered; the work runs on the queue, never in the request.
 */
export async function processEmbeddings(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  ref: TPaperRef,
): Promise<z.infer<typeof ZEmbeddingStatus>> {
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  return db.transaction(async (tx) => {
    // The scoped read stays as the second wall (docs/security.md#policies).
    if (!(await findVisiblePaper(tx, userId, ref))) throw notFound(describePaper(ref));
    await requestFullText(tx, config, [ref], { retryAbstractOnly: true });
    return { ...ref, status: embeddingStatusOf(await selectTextStatus(tx, ref)) };
  });
}
