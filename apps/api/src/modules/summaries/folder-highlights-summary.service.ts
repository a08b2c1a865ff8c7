import { paperRefKey, type TFolderSummary } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { requireAccess } from '../../policies/access';
import { markList, noMarksVerdict, ownMarkPassages } from '../chat/own-marks';
import { selectFolderPapers } from './folder-summaries.repo';
import { writeSummary } from './write-summary';

type SummaryContext = Pick<AppContext, 'db' | 'ai'>;

/** Said, plainly, when the caller has marked nothing in the folder's papers. */
export const NO_FOLDER_HIGHLIGHTS = "You have no highlights in this folder's papers.";

/**
 * GET /api/folders/{id}/summary?source=highlights (docs/ai.md#my-highlights): the caller's own highlights
 * on the folder's papers are the passages, summarised and checked as a folder summary is; offline, listed
 * verbatim and cited. Theirs alone, so never cached in folder_summaries (no stale state: written each time).
 */
export async function summarizeFolderHighlights(
  { db, ai }: SummaryContext,
  userId: number,
  folderId: number,
): Promise<TFolderSummary> {
  await requireAccess(db, { userId }, 'folder.read', [folderId]);
  const papers = await selectFolderPapers(db, folderId);
  const titles = new Map(
    papers.map((paper) => [paperRefKey({ platform: paper.platform, paper_id: paper.paperId }), paper.title]),
  );
  const marks = await ownMarkPassages(
    db,
    userId,
    papers.map((paper) => ({ platform: paper.platform, paper_id: paper.paperId })),
  );
  const written =
    marks.passages.length === 0
      ? noMarksVerdict(NO_FOLDER_HIGHLIGHTS)
      : ai.mode === 'extractive'
        ? markList(marks)
        : await writeSummary(ai, {
            focus: '',
            mayAbstain: false,
            subject: 'what a reader highlighted in the papers of one folder',
            passages: marks.passages,
            describe: (passage) => `"${titles.get(paperRefKey(passage)) ?? passage.paper_id}", page ${passage.page}`,
            length: 'full',
            abstentionAnswer: NO_FOLDER_HIGHLIGHTS,
          });
  return {
    folder_id: folderId,
    summary: written.content,
    source: ai.mode,
    generated_at: new Date().toISOString(),
    stale: false,
    passages: marks.passages,
    citations: written.citations,
    abstained: written.abstained,
  };
}
