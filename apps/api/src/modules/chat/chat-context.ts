import { paperRefKey, type TFileSelection, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { selectedReadablePapers } from '../files/user-files.service';

/**
 * The papers a question is asked about (spec: selection feeds chat): those the request names, else
 * the ones selected in the user's File List; and `also` (the paper of the quote asked about, selected
 * or not: docs/ai.md#asking-about-a-quote). Every one must be readable by the user: one that is not
 * is 404, as if it did not exist (docs/security.md#policies).
 */
export async function resolveChatPapers(
  db: Db,
  userId: number,
  named: TFileSelection | undefined,
  also: readonly TPaperRef[] = [],
): Promise<TPaperRef[]> {
  const requested = [...(named ?? (await selectedReadablePapers(db, userId))), ...also];
  const papers = [...new Map(requested.map((ref) => [paperRefKey(ref), ref])).values()];
  if (papers.length === 0) {
    throw new AppError('INVALID_REQUEST', 'Select at least one paper in your File List to ask about it');
  }
  await requireAccess(db, { userId }, 'paper.read', papers);
  return papers;
}
