import type { TPaperRef } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { markTextFailed } from '../../modules/uploads/paper-texts.repo';

/** A paper's text job that failed for good leaves its paper_texts row 'failed' with the reason users see. */
export async function markPaperTextGaveUp({ db }: Pick<AppContext, 'db'>, ref: TPaperRef, reason: string) {
  await markTextFailed(db, ref, reason);
}
