import {
  SEARCH_SUMMARY_PAPERS,
  type TCitedPassage,
  type TSearchSummary,
  type TSearchSummaryRequest,
} from '@paperbench/contract';
import type { AiModel } from '../../ai/model';
import { writeSummary } from './write-summary';

/** The search summary's abstention (docs/ai.md#summaries): said, never papered over. */
export const SEARCH_SUMMARY_ABSTENTION =
  'None of the top results addresses this query, so there is nothing to summarise.';

/**
 * The abstracts of the top results as numbered passages: `[n]` is the n-th paper sent, so a citation
 * points at the n-th result card. A paper without an abstract keeps its number and gives no passage.
 * Abstracts sit on the first page of a paper, hence page 1.
 */
function abstractPassages(papers: TSearchSummaryRequest['papers']): TCitedPassage[] {
  return papers.slice(0, SEARCH_SUMMARY_PAPERS).flatMap((paper, index) => {
    const text = paper.abstract?.trim();
    return text ? [{ n: index + 1, paper_id: paper.paper_id, platform: paper.platform, page: 1, text }] : [];
  });
}

/**
 * POST /api/search-summary/ (docs/ai.md#summaries): a cited synthesis of the top results' abstracts.
 * The results come with the request (the client has them from POST /api/search/), so nothing is read
 * from the database: the summary speaks only of what the caller sent, to the caller.
 */
export async function summarizeSearchResults(
  ai: AiModel,
  request: TSearchSummaryRequest,
  abortSignal?: AbortSignal,
): Promise<TSearchSummary> {
  const passages = abstractPassages(request.papers);
  const titles = request.papers.map((paper) => paper.title);
  const written = await writeSummary(ai, {
    focus: request.query,
    mayAbstain: true,
    subject: `the search query "${request.query}"`,
    passages,
    describe: (passage) => `"${titles[passage.n - 1]}", abstract`,
    length: request.summary_type,
    abstentionAnswer: SEARCH_SUMMARY_ABSTENTION,
    abortSignal,
  });
  return {
    summary: written.content,
    source: written.source,
    passages,
    citations: written.citations,
    abstained: written.abstained,
  };
}
