import { paperRefKey, type TAnswerSource, type TCitedPassage } from '@paperbench/contract';
import { MIN_QUESTION_COVERAGE } from '../../../ai/grounding/abstention';
import { splitAnswerAndEvidence } from '../../../ai/grounding/evidence-block';
import { extractiveAnswer, wholeSentences } from '../../../ai/grounding/extractive-answer';
import type { AiModel } from '../../../ai/model';
import { isArtefact } from '../../summaries/query-sentences';
import { type CheckedText, checkedText } from './checked-text';
import { type ParagraphPromptInput, paragraphSystemPrompt } from './section-prompt';

export interface WrittenParagraph extends CheckedText {
  source: TAnswerSource;
}

export interface ParagraphRequest extends ParagraphPromptInput {
  /** What the offline draft's sentences are chosen by (BM25): the section's titles, labels and terms. */
  focus: string;
  /** Offline: verbatim sentences per paper (a paragraph should cite each of its papers). */
  sentencesPerPaper: number;
  /** The passages the offline paragraph quotes, when only some of `passages` (default: all). */
  extractiveFrom?: readonly TCitedPassage[];
  abortSignal: AbortSignal;
}

/**
 * The sentences of a passage a review may quote: a heading run into a sentence ("2 Related Work Graph
 * networks…", "Abstract We…"), a word split at a line end, TeX residue or a fragment is left out
 * (summaries/query-sentences.ts). What is left are whole sentences of the passage, unchanged.
 */
const quotableText = (text: string) =>
  wholeSentences(text)
    .filter((sentence) => !isArtefact(sentence.text))
    .map((sentence) => sentence.text)
    .join(' ');

const onOneLine = (text: string) => text.replace(/(\p{L})-[^\S\n]*\n\s*(?=\p{Ll})/gu, '$1').replace(/\s+/g, ' ');

/**
 * Offline (docs/review.md#writing): for each paper, in order, its own sentences that best match the
 * focus (ai/grounding/extractive-answer.ts: BM25, then MMR), verbatim, each followed by its `[n]`. The
 * sentences are their own quotes, so the checker passes them by construction; it is run all the same.
 */
export function extractiveParagraph(
  focus: string,
  passages: readonly TCitedPassage[],
  sentencesPerPaper: number,
  quoted: readonly TCitedPassage[] = passages,
): CheckedText {
  const byPaper = new Map<string, TCitedPassage[]>();
  for (const passage of quoted)
    byPaper.set(paperRefKey(passage), [...(byPaper.get(paperRefKey(passage)) ?? []), passage]);
  const sentences = [...byPaper.values()].flatMap((own) => {
    // The papers are on topic by the user's choice: no abstention (as a folder summary, docs/ai.md#summaries).
    const numbered = own.map((passage) => ({
      n: passage.n,
      text: quotableText(passage.text),
      coverage: MIN_QUESTION_COVERAGE,
    }));
    return (
      extractiveAnswer(focus, numbered, { maxSentences: sentencesPerPaper, sentencesPerPassage: 1 })?.sentences ?? []
    );
  });
  // One line per sentence: PDF text breaks lines mid-sentence, and the checker reads each line's claims
  // apart (ai/grounding/cited-sentences.ts), so the uncited first lines of a sentence would be dropped
  // and the section would start mid-sentence. A word hyphenated across a line ("scien-\ntific") is
  // joined and other whitespace runs become one space: the checker normalises quotes and passages the
  // same way (ai/text/normalize.ts, quote-match.ts), so every sentence still matches its passage.
  const oneLine = sentences.map((sentence) => ({ n: sentence.n, text: onOneLine(sentence.text) }));
  const quotes = new Map<number, string[]>();
  for (const sentence of oneLine) quotes.set(sentence.n, [...(quotes.get(sentence.n) ?? []), sentence.text]);
  const text = oneLine.map((sentence) => `${sentence.text} [${sentence.n}]`).join(' ');
  return checkedText(text, quotes, passages);
}

/** The model's paragraph, read whole (only its checked sentences are ever sent), judged by checkedText. */
async function modelParagraph(ai: AiModel, request: ParagraphRequest): Promise<CheckedText> {
  let written = '';
  for await (const delta of ai.streamText({
    system: paragraphSystemPrompt(request),
    messages: [{ role: 'user', content: `Write the paragraph: ${request.task}` }],
    abortSignal: request.abortSignal,
  })) {
    written += delta;
  }
  const { answer, quotes } = splitAnswerAndEvidence(written);
  return checkedText(answer, quotes, request.passages);
}

/**
 * One paragraph of the review: with a model, written by it and reduced to the sentences the checker
 * verified; when none survives (or offline), the extractive paragraph, labelled 'extractive'. A model
 * that fails throws: the stream reports it and stores nothing.
 */
export async function writeParagraph(ai: AiModel, request: ParagraphRequest): Promise<WrittenParagraph> {
  const extractive = () =>
    extractiveParagraph(request.focus, request.passages, request.sentencesPerPaper, request.extractiveFrom);
  if (request.passages.length === 0) return { text: '', dropped: 0, unsupported: [], source: 'extractive' };
  if (ai.mode !== 'model') return { ...extractive(), source: 'extractive' };
  const written = await modelParagraph(ai, request);
  if (written.text !== '') return { ...written, source: 'model' };
  const fallback = extractive();
  return { ...fallback, dropped: written.dropped, unsupported: written.unsupported, source: 'extractive' };
}
