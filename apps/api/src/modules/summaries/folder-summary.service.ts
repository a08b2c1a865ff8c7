import { createHash } from 'node:crypto';
import { paperRefKey, type TCitedPassage, type TFolderSummary } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { requireAccess } from '../../policies/access';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import {
  type FolderPaperRow,
  type FolderSummaryRow,
  selectFolderPapers,
  selectFolderSummary,
  selectOpeningPassages,
  upsertFolderSummary,
} from './folder-summaries.repo';
import { writeSummary } from './write-summary';

type SummaryContext = Pick<AppContext, 'db' | 'ai'>;

/** The folder summary's abstention (docs/ai.md#summaries), whichever layer abstains. */
export const FOLDER_SUMMARY_ABSTENTION = "No summary could be grounded in this folder's papers.";

/** How many of a folder's papers (oldest added first) an overview reads: enough for a research topic, few enough for one prompt. */
export const FOLDER_SUMMARY_PAPERS = 20;

/** Names the folder's set of papers: a summary written from another set is stale. */
const papersKeyOf = (papers: readonly FolderPaperRow[]) =>
  createHash('sha256')
    .update(
      papers
        .map((paper) => `${paper.platform}\u0000${paper.paperId}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');

/**
 * One passage per paper, numbered in the folder's order: its abstract (page 1), or, for a paper with
 * none (most uploads), the first passage of its text with its own page.
 */
async function folderPassages({ db }: SummaryContext, papers: readonly FolderPaperRow[]) {
  const read = papers.slice(0, FOLDER_SUMMARY_PAPERS);
  const withoutAbstract = read.filter((paper) => !paper.abstract?.trim());
  const openings = new Map(
    (await selectOpeningPassages(db, withoutAbstract)).map((row) => [
      paperRefKey({ platform: row.platform, paper_id: row.paperId }),
      row,
    ]),
  );
  const headings = new Map<number, string>();
  const passages: TCitedPassage[] = [];
  for (const paper of read) {
    const abstract = paper.abstract?.trim();
    const opening = openings.get(paperRefKey({ platform: paper.platform, paper_id: paper.paperId }));
    const text = abstract || opening?.text;
    if (!text) continue;
    const n = passages.length + 1;
    const page = abstract ? 1 : (opening?.page ?? 1);
    passages.push({ n, paper_id: paper.paperId, platform: paper.platform, page, text });
    headings.set(n, `"${paper.title}", ${abstract ? 'abstract' : `page ${page}`}`);
  }
  return { passages, headings };
}

const present = (row: FolderSummaryRow, stale: boolean): TFolderSummary => ({
  folder_id: row.folderId,
  summary: row.summary,
  source: row.source === 'model' ? 'model' : 'extractive',
  generated_at: row.generatedAt.toISOString(),
  stale,
  passages: row.passages,
  citations: row.citations,
  abstained: row.abstained,
});

async function writeFolderSummary(context: SummaryContext, folderId: number, papers: readonly FolderPaperRow[]) {
  const { passages, headings } = await folderPassages(context, papers);
  const written =
    papers.length === 0
      ? // The contract's empty summary for an empty folder: nothing to say, and nothing withheld.
        { content: '', abstained: false, citations: { supported: [], unsupported: [] } }
      : await writeSummary(context.ai, {
          focus: papers.map((paper) => paper.title).join('\n'),
          mayAbstain: false,
          subject: 'the papers a researcher collected in one folder',
          passages,
          describe: (passage) => headings.get(passage.n) ?? passage.paper_id,
          length: 'full',
          abstentionAnswer: FOLDER_SUMMARY_ABSTENTION,
        });
  const row = await upsertFolderSummary(context.db, {
    folderId,
    summary: written.content,
    source: context.ai.mode,
    passages,
    citations: written.citations,
    abstained: written.abstained,
    papersKey: papersKeyOf(papers),
  });
  return present(row, false);
}

/**
 * Whether the summary quotes an upload the folder no longer offers (taken out, or its grant ended): its
 * text would outlive that upload's access. A published paper taken out only makes the summary stale.
 */
function quotesWithdrawnUpload(summary: FolderSummaryRow, papers: readonly FolderPaperRow[]) {
  const offered = new Set(papers.map((paper) => paperRefKey({ platform: paper.platform, paper_id: paper.paperId })));
  return summary.passages.some((passage) => passage.platform === UPLOAD_PLATFORM && !offered.has(paperRefKey(passage)));
}

/**
 * GET /api/folders/{id}/summary (docs/ai.md#summaries): the cached overview, written on first request.
 * Once papers were added or removed it is returned as it is, with `stale: true`: a read never spends a model
 * call the user did not ask for; Regenerate does. One that quotes an upload no longer offered is
 * written again instead: its text would outlive that paper's access (docs/collaboration.md#uploads).
 */
export async function getFolderSummary(context: SummaryContext, userId: number, folderId: number) {
  await requireAccess(context.db, { userId }, 'folder.read', [folderId]);
  const papers = await selectFolderPapers(context.db, folderId);
  const cached = await selectFolderSummary(context.db, folderId);
  if (cached && !quotesWithdrawnUpload(cached, papers))
    return present(cached, cached.papersKey !== papersKeyOf(papers));
  return writeFolderSummary(context, folderId, papers);
}

/** POST /api/folders/{id}/summary/regenerate: a new overview of the folder's papers as they are now. */
export async function regenerateFolderSummary(context: SummaryContext, userId: number, folderId: number) {
  await requireAccess(context.db, { userId }, 'folder.read', [folderId]);
  return writeFolderSummary(context, folderId, await selectFolderPapers(context.db, folderId));
}
