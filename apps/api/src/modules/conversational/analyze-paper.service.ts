import type { TAnalyzePaperRequest, TAnalyzePaperResponse, TCitedPassage, TPaperRef } from '@paperbench/contract';
import { shouldAbstain } from '../../ai/grounding/abstention';
import { type AnswerVerdict, abstentionVerdict, judgeGroundedAnswer } from '../../ai/grounding/answer-verdict';
import { withoutMarkers } from '../../ai/grounding/cited-sentences';
import { splitAnswerAndEvidence } from '../../ai/grounding/evidence-block';
import { extractiveAnswer } from '../../ai/grounding/extractive-answer';
import { EVIDENCE_INSTRUCTION, numberedPassages } from '../../ai/grounding/grounded-prompt';
import { rankPassages } from '../../ai/grounding/rank-passages';
import type { AiModel } from '../../ai/model';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { modelFailure } from '../../lib/model-failure';
import { requireAccess } from '../../policies/access';
import { describePaper, findVisiblePaper } from '../papers/paper-visibility.repo';
import { selectPassagesOf } from '../passages/passages.repo';
import { bestQuote, citingSentences, keepSupportedSentences } from './grounded-text';
import { parseConversation } from './parse-request';
import { focusOf, hasSearchWords, normaliseQuery } from './structured-query';

/** The analysis's abstention (docs/ai.md#conversational-search), whichever layer abstains. */
export const ANALYSIS_ABSTENTION = "Nothing in this paper's text bears on the request.";

/** Passages of the paper the analysis reads: a few, the best against the conversation. */
const ANALYSIS_PASSAGES = 6;
/** A paper's passages read for ranking, at most (a long paper has a few hundred). */
const MAX_PAPER_PASSAGES = 2_000;
/** Turns of the conversation the model sees, for what the user is after. */
const PROMPT_TURNS = 6;

type RankableText = { paperKey: string; text: string; page: number; embedding: readonly number[] | null };

interface PaperPassages {
  passages: TCitedPassage[];
  coverage: number[];
  source: 'abstract' | 'full_text';
}

/**
 * The paper's text ranked against the focus with the grounding pipeline (rankPassages: BM25, fused
 * with cosine when embeddings exist, MMR): its extracted full text when ready, else its title and
 * abstract as one passage.
 */
async function paperPassages(
  { db, ai }: { db: Db; ai: AiModel },
  ref: TPaperRef,
  paper: { title: string | null; abstract: string | null },
  focus: string,
): Promise<PaperPassages> {
  const rows = (await selectPassagesOf(db, [ref], MAX_PAPER_PASSAGES)).filter((row) => row.source === 'pdf');
  const source = rows.length > 0 ? 'full_text' : 'abstract';
  const abstract = [paper.title?.trim(), paper.abstract?.trim()].filter(Boolean).join('. ');
  const candidates: RankableText[] =
    source === 'full_text'
      ? rows.map((row) => ({
          paperKey: 'paper',
          text: row.text,
          page: row.page,
          embedding: row.embeddingModel === ai.embeddingModelName ? row.embedding : null,
        }))
      : abstract
        ? [{ paperKey: 'paper', text: abstract, page: 1, embedding: null }]
        : [];
  const [questionEmbedding] =
    ai.embed && source === 'full_text' && candidates.length > 0 ? await ai.embed([focus]) : [];
  const ranked = rankPassages({
    question: focus,
    passages: candidates,
    questionEmbedding,
    limit: ANALYSIS_PASSAGES,
    perPaperLimit: ANALYSIS_PASSAGES,
  });
  return {
    passages: ranked.map(({ passage }, index) => ({
      n: index + 1,
      paper_id: ref.paper_id,
      platform: ref.platform,
      page: passage.page,
      text: passage.text,
    })),
    coverage: ranked.map((entry) => entry.coverage),
    source,
  };
}

function analysisSystemPrompt(title: string, passages: readonly TCitedPassage[], source: PaperPassages['source']) {
  return [
    `You explain why one research paper, "${title}", answers a researcher's search request, using ONLY the numbered passages of that paper below.`,
    'Rules:',
    '- Write 2-4 sentences: what the paper does that bears on the request, and how.',
    '- Put the passage number in square brackets, e.g. [2], right after every sentence; cite only numbers listed below.',
    '- Never use knowledge from outside the passages. Do not guess.',
    `- If the passages do not bear on the request, reply exactly: ${ANALYSIS_ABSTENTION}`,
    `- ${EVIDENCE_INSTRUCTION}`,
    '',
    'Passages:',
    numberedPassages(passages, (passage) => (source === 'full_text' ? `page ${passage.page}` : 'title and abstract')),
  ].join('\n');
}

async function modelAnalysis(
  ai: AiModel,
  request: TAnalyzePaperRequest,
  focus: string,
  title: string,
  found: PaperPassages,
): Promise<AnswerVerdict> {
  const conversation = request.turns
    .slice(-PROMPT_TURNS)
    .map((turn) => `${turn.role}: ${withoutMarkers(turn.text)}`)
    .join('\n');
  let text = '';
  try {
    for await (const delta of ai.streamText({
      system: analysisSystemPrompt(title, found.passages, found.source),
      messages: [
        {
          role: 'user',
          content: `Conversation so far:\n${conversation}\n\nWhat I am looking for: ${focus}\nWhy does this paper answer it?`,
        },
      ],
    })) {
      text += delta;
    }
  } catch (error) {
    throw modelFailure(error, 'The analysis could not be written (the AI model failed). Please try again.');
  }
  const { answer, quotes } = splitAnswerAndEvidence(text);
  return judgeGroundedAnswer(answer, quotes, found.passages, ANALYSIS_ABSTENTION);
}

/** Offline (docs/ai.md#offline-mode): the paper's own sentences that best match the focus, each cited. */
function extractiveAnalysis(focus: string, found: PaperPassages): AnswerVerdict {
  const numbered = found.passages.map((passage, index) => ({
    n: passage.n,
    text: passage.text,
    coverage: found.coverage[index] ?? 0,
  }));
  const answer = extractiveAnswer(focus, numbered, { maxSentences: 4, sentencesPerPassage: 2 });
  if (!answer) return abstentionVerdict(ANALYSIS_ABSTENTION);
  return {
    content: answer.text,
    abstained: false,
    citations: { supported: answer.citations, unsupported: [] },
    unsupportedSpans: [],
  };
}

/**
 * POST /api/improved-conversational/analyze-paper (docs/ai.md#conversational-search): why one paper
 * answers the conversation, cited from its passages. 404 when the paper does not exist or the caller
 * may not read it (an upload of someone else's). Abstains without a model call when no passage
 * covers enough of the request (docs/ai.md#abstention); the model's citations go through the checker.
 */
export async function analyzePaper(
  { db, ai }: { db: Db; ai: AiModel },
  userId: number | null,
  request: TAnalyzePaperRequest,
): Promise<TAnalyzePaperResponse> {
  const ref = { platform: request.platform, paper_id: request.paper_id };
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  // The scoped read stays as the second wall (docs/security.md#policies).
  const paper = await findVisiblePaper(db, userId, ref);
  if (!paper) throw notFound(describePaper(ref));
  const mode = ai.mode === 'model' ? 'model' : 'extractive';
  const query = request.query ? normaliseQuery(request.query) : parseConversation(request.turns, undefined);
  const focus = hasSearchWords(query) ? focusOf(query) : (request.turns.at(-1)?.text ?? '');
  const found = await paperPassages({ db, ai }, ref, paper, focus);
  const verdict = shouldAbstain(found.passages.map((_, index) => ({ coverage: found.coverage[index] ?? 0 })))
    ? abstentionVerdict(ANALYSIS_ABSTENTION)
    : mode === 'model'
      ? await modelAnalysis(ai, request, focus, paper.title ?? describePaper(ref), found)
      : extractiveAnalysis(focus, found);
  const base = { paper_id: ref.paper_id, platform: ref.platform, source: found.source, mode } as const;
  if (verdict.abstained) {
    return {
      ...base,
      text: verdict.content,
      citations: [],
      unsupported: verdict.citations.unsupported,
      abstained: true,
    };
  }
  const text = keepSupportedSentences(verdict.content, verdict.citations.supported);
  const passages = new Map(found.passages.map((passage) => [passage.n, passage]));
  const citations = [...citingSentences(text)].flatMap(([n, sentences]) => {
    const passage = passages.get(n);
    return passage
      ? [{ n, quote: bestQuote(passage.text, sentences), page: found.source === 'full_text' ? passage.page : null }]
      : [];
  });
  return { ...base, text, citations, unsupported: verdict.citations.unsupported, abstained: false };
}
