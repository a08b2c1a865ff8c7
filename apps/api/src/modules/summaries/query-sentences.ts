import { paperRefKey, type TCitedPassage } from '@paperbench/contract';
import { bm25 } from '../../ai/grounding/bm25';
import { wholeSentences } from '../../ai/grounding/extractive-answer';
import { tokenize } from '../../ai/text/normalize';
import { questionTerms } from '../../ai/text/question-terms';

/**
 * The offline summary's sentences (docs/ai.md#summaries): for each paper, its one sentence that best
 * matches the query's terms (stemmed, BM25 over every candidate sentence), then the best of those,
 * at most `limit`. One per paper: a summary of several papers says something of each, not five things
 * of one. Sentences a reader would see as broken are never chosen (isArtefact).
 */

/** A claim has at least this many words; shorter ones are headings, captions or table cells. */
const MIN_WORDS = 6;

/** A word broken at a line end and never joined ("embed- dings", "Ta- ble 3"). */
const HYPHEN_SPLIT = /\p{Ll}- \p{Ll}/u;
/** TeX residue: commands, braces, inline maths ("framework ({\m})", "$k_{\rm B}T$"). */
const TEX_RESIDUE = /\\[a-zA-Z]+|[{}$]|\^\{|_\{/;
/** A section heading run into the sentence: "1 Introduction …", "2.3 Results", "Abstract …". */
const HEADING_START =
  /^(?:\d+(?:\.\d+)*\.?\s+\p{Lu}|(?:abstract|introduction|related work|background|methods?|results|discussion|conclusions?|references|acknowledg(?:e)?ments?)\b)/iu;
/** The paper's own numeric references ("[4]", "[2, 7]") would read as citations of our passages. */
const OWN_REFERENCE_MARKER = /\[\d+(?:\s*[,–-]\s*\d+)*\]/;
/** A line in capitals (a running header, a title block). */
const SHOUTING = /^[^\p{Ll}]*$/u;

/** Whether a sentence would read as broken when quoted alone. */
export function isArtefact(sentence: string): boolean {
  return (
    sentence.split(/\s+/).length < MIN_WORDS ||
    HYPHEN_SPLIT.test(sentence) ||
    TEX_RESIDUE.test(sentence) ||
    HEADING_START.test(sentence) ||
    OWN_REFERENCE_MARKER.test(sentence) ||
    SHOUTING.test(sentence)
  );
}

export interface QuerySentence {
  n: number;
  text: string;
  score: number;
}

/** At most `limit` sentences, one per paper, best match first; none when no sentence shares a query term. */
export function querySentences(query: string, passages: readonly TCitedPassage[], limit: number): QuerySentence[] {
  const candidates = passages.flatMap((passage) =>
    wholeSentences(passage.text)
      .filter((sentence) => !isArtefact(sentence.text))
      .map((sentence) => ({ n: passage.n, paper: paperRefKey(passage), text: sentence.text })),
  );
  const scores = bm25(
    questionTerms(query),
    candidates.map((candidate) => tokenize(candidate.text)),
  );
  const bestOfPaper = new Map<string, QuerySentence>();
  candidates.forEach((candidate, index) => {
    const score = scores[index] ?? 0;
    const current = bestOfPaper.get(candidate.paper);
    if (score > 0 && (!current || score > current.score)) {
      bestOfPaper.set(candidate.paper, { n: candidate.n, text: candidate.text, score });
    }
  });
  return [...bestOfPaper.values()].sort((a, b) => b.score - a.score || a.n - b.n).slice(0, limit);
}
