import { paperRefKey, type TCitedPassage, type TPaperRef } from '@paperbench/contract';
import { MIN_PARAPHRASED_COVERAGE, shouldAbstain } from '../../ai/grounding/abstention';
import { perPaperLimitFor, rankPassages } from '../../ai/grounding/rank-passages';
import { paraphrasesOf } from '../../ai/text/paraphrases';
import { missingTerms, searchableText, specificTerms } from '../../ai/text/specific-terms';
import type { AppContext } from '../../app-context';
import { selectPassageCandidates, selectPassagesOf } from '../passages/passages.repo';

/**
 * Up to this many passages, retrieval ranks every passage of the selection: BM25's IDF and the
 * abstention coverage then come from the selection itself (ranking only the full-text candidates
 * skews both: docs/benchmarks.md, grounded QA), and cosine over a few hundred vectors is cheap
 * (ai-notes). A larger selection is narrowed to the full-text candidates of the question's words.
 */
const MAX_PASSAGES = 2_000;

export interface RetrievedContext {
  /** Numbered in rank order: the `[n]` the answer cites. */
  passages: TCitedPassage[];
  /** Each passage's share of the question's information (abstention.ts), in the same order. */
  coverage: number[];
  /** Layer 1 of abstention (docs/ai.md#abstention): no passage covers enough of the question… */
  abstain: boolean;
  /**
   * …or the selected text lacks a specific term of it (an acronym, a name, a number): those terms. Read
   * over every passage of the selection (over the full-text candidates beyond MAX_PASSAGES, which are
   * found by the question's own words).
   */
  missing: string[];
}

/**
 * Retrieval over the selected papers (docs/ai.md#full-text-and-passages): their passages from PostgreSQL, ranked in
 * process by rankPassages (BM25 with IDF from the selection, fused with the question's embedding when
 * an embedding model is configured, then MMR with at most 3 passages per paper). The caller has
 * checked that the user may read every paper of `papers`.
 */
export async function retrievePassages(
  { db, ai }: Pick<AppContext, 'db' | 'ai'>,
  papers: readonly TPaperRef[],
  query: string,
  abortSignal: AbortSignal,
): Promise<RetrievedContext> {
  const [questionEmbedding] = ai.embed ? await ai.embed([query], { abortSignal }) : [];
  const all = await selectPassagesOf(db, papers, MAX_PASSAGES + 1);
  const rows = all.length <= MAX_PASSAGES ? all : await selectPassageCandidates(db, papers, query, MAX_PASSAGES);
  const ranked = rankPassages({
    question: query,
    passages: rows.map((row) => ({
      row,
      paperKey: paperRefKey({ platform: row.platform, paper_id: row.paperId }),
      text: row.text,
      // Vectors of another embedding model are not comparable with the question's.
      embedding: row.embeddingModel === ai.embeddingModelName ? row.embedding : null,
    })),
    questionEmbedding,
    related: paraphrasesOf,
    perPaperLimit: perPaperLimitFor(papers.length),
  });
  return {
    passages: ranked.map(({ passage: { row } }, index) => ({
      n: index + 1,
      paper_id: row.paperId,
      platform: row.platform,
      page: row.page,
      text: row.text,
    })),
    coverage: ranked.map((passage) => passage.coverage),
    abstain: shouldAbstain(ranked, MIN_PARAPHRASED_COVERAGE),
    missing: missingTerms(specificTerms(query), searchableText(rows.map((row) => row.text))),
  };
}
