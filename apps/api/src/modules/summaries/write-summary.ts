import type { TAnswerSource, TCitedPassage } from '@paperbench/contract';
import { idfOf, MIN_QUESTION_COVERAGE, questionCoverage } from '../../ai/grounding/abstention';
import { type AnswerVerdict, abstentionVerdict, judgeGroundedAnswer } from '../../ai/grounding/answer-verdict';
import { documentFrequencies } from '../../ai/grounding/bm25';
import { splitAnswerAndEvidence } from '../../ai/grounding/evidence-block';
import type { AiModel } from '../../ai/model';
import { tokenize } from '../../ai/text/normalize';
import { questionTerms } from '../../ai/text/question-terms';
import { modelFailure } from '../../lib/model-failure';
import { querySentences } from './query-sentences';
import { summarySystemPrompt, type TSummaryLength } from './summary-prompt';

/** Offline summaries, as long as their model-written kind: brief 2-3 sentences, full about a paragraph. */
const EXTRACTIVE_SENTENCES: Record<TSummaryLength, number> = { brief: 3, full: 6 };

export interface SummaryRequest {
  /** What sentences are chosen by: the search query, or a folder's titles (its papers' subjects). */
  focus: string;
  /**
   * True when the focus is a question that may not be answered here (a search query): abstain when no
   * passage covers enough of it. A folder's papers are on topic by the user's choice.
   */
  mayAbstain: boolean;
  /** Words for the prompt: what the summary is about. */
  subject: string;
  passages: readonly TCitedPassage[];
  describe: (passage: TCitedPassage) => string;
  length: TSummaryLength;
  /** The fixed sentence said when there is nothing to summarise from. */
  abstentionAnswer: string;
  abortSignal?: AbortSignal;
}

export interface WrittenSummary extends AnswerVerdict {
  source: TAnswerSource;
}

/** Each passage's IDF-weighted share of the query's terms (ai/grounding/abstention.ts), in order. */
function coverageOf(query: string, passages: readonly TCitedPassage[]): number[] {
  const terms = questionTerms(query);
  const passageTerms = passages.map((passage) => tokenize(passage.text));
  const idf = idfOf(documentFrequencies(passageTerms), passages.length);
  return passageTerms.map((termList) => questionCoverage(terms, new Set(termList), idf));
}

/**
 * Offline (docs/ai.md#offline-mode): each paper's own sentence that best matches the focus, at most one
 * per paper and no broken ones (query-sentences.ts), verbatim and cited. Deterministic: the same papers
 * and focus give the same text, which is why Regenerate offline says so (docs/ai.md#summaries).
 */
function extractiveSummary(request: SummaryRequest): AnswerVerdict {
  const sentences = querySentences(request.focus, request.passages, EXTRACTIVE_SENTENCES[request.length]);
  if (sentences.length === 0) return abstentionVerdict(request.abstentionAnswer);
  // Every sentence is its passage's own text, cited by construction; PDF line breaks become spaces.
  return {
    content: sentences.map((sentence) => `${sentence.text.replace(/\s+/g, ' ')} [${sentence.n}]`).join(' '),
    abstained: false,
    citations: {
      supported: [...new Set(sentences.map((sentence) => sentence.n))].sort((a, b) => a - b),
      unsupported: [],
    },
    unsupportedSpans: [],
  };
}

async function modelSummary(ai: AiModel, request: SummaryRequest): Promise<AnswerVerdict> {
  let text = '';
  try {
    for await (const delta of ai.streamText({
      system: summarySystemPrompt(request),
      messages: [{ role: 'user', content: `Summarise the passages about ${request.subject}.` }],
      abortSignal: request.abortSignal,
    })) {
      text += delta;
    }
  } catch (error) {
    throw modelFailure(error, 'The summary could not be written (the AI model failed). Please try again.');
  }
  const { answer, quotes } = splitAnswerAndEvidence(text);
  return judgeGroundedAnswer(answer, quotes, request.passages, request.abstentionAnswer);
}

/**
 * A cited summary of numbered passages (docs/ai.md#summaries), with chat's abstention layers: no
 * passage covering enough of the query (or no passage at all) → the fixed sentence without a model
 * call; else the model writes it and the deterministic checker judges every citation, or, with no
 * model configured, it is made of the passages' own sentences.
 */
export async function writeSummary(ai: AiModel, request: SummaryRequest): Promise<WrittenSummary> {
  const source = ai.mode === 'model' ? 'model' : 'extractive';
  const coverage = request.mayAbstain
    ? coverageOf(request.focus, request.passages)
    : request.passages.map(() => MIN_QUESTION_COVERAGE);
  if (!coverage.some((share) => share >= MIN_QUESTION_COVERAGE)) {
    return { source, ...abstentionVerdict(request.abstentionAnswer) };
  }
  const verdict = ai.mode === 'model' ? await modelSummary(ai, request) : extractiveSummary(request);
  return { source, ...verdict };
}
