import { tokenize } from '../text/normalize';
import { questionTerms } from '../text/question-terms';
import { splitSentences, type TSentence } from '../text/sentences';
import { shouldAbstain } from './abstention';
import { bm25 } from './bm25';
import { mmr } from './mmr';
import { termOverlap } from './similarity';

/** docs/ai.md#modes: an offline answer is a few verbatim sentences (3-5). */
const MAX_SENTENCES = 5;
/** Two sentences from one passage at most, so that the answer draws on several. */
const SENTENCES_PER_PASSAGE = 2;
/** A sentence scoring under this share of the best one adds noise rather than an answer. */
const MIN_RELATIVE_RELEVANCE = 0.2;
/** Fragments (headings, table cells, captions) have fewer content words than a claim. */
const MIN_CONTENT_WORDS = 4;
/**
 * A sentence carrying the paper's own numeric references ("[4]", "[2, 7]") is left out: quoted as is,
 * its markers would read as citations of our passages, and it usually reports another paper's claim.
 */
const OWN_REFERENCE_MARKER = /\[\d+(?:\s*[,–-]\s*\d+)*\]/;
/**
 * The text of a passage that begins mid-sentence: in lowercase, or with punctuation that only continues
 * a sentence (after any opening quote or bracket), or with the year of a reference-list entry ("2017a.
 * Inductive…", the tail of "Hamilton et al. 2017a."). Passages are cut at sentence ends but never across a
 * page (modules/passages/chunk-passages.ts), so a page's first passage often opens with the tail of the
 * previous page's sentence, and a sentence longer than a passage is cut at words.
 */
const CONTINUATION = /^["'“‘([]*(?:\p{Ll}|[,;:.)\]}]|-(?=\w)|\d{4}[a-z]?[.)]\s)/u;

/**
 * The sentences of a passage that can be quoted as sentences: a leading fragment (the tail of a
 * sentence cut off by chunking) is left out, since quoted alone it starts mid-sentence, and so is any
 * piece that opens like one (a reference-list entry's "2017a. Title." splits off its authors).
 */
export function wholeSentences(text: string): TSentence[] {
  return splitSentences(text).filter((sentence) => !CONTINUATION.test(sentence.text));
}

export type TClaim = TSentence & { n: number; terms: string[] };

/**
 * The sentences of the passages an answer may quote: whole sentences (wholeSentences) with enough content
 * words to state something and without the paper's own reference markers, each with its passage number
 * and its stems.
 */
export function quotableClaims(
  passages: readonly { n: number; text: string }[],
  { trimEndMarkers = false }: { trimEndMarkers?: boolean } = {},
): TClaim[] {
  return passages
    .flatMap((passage) =>
      wholeSentences(passage.text).map((whole) => {
        const sentence = trimEndMarkers ? withoutEndMarker(whole) : whole;
        return { n: passage.n, ...sentence, terms: tokenize(sentence.text) };
      }),
    )
    .filter(
      (sentence) => new Set(sentence.terms).size >= MIN_CONTENT_WORDS && !OWN_REFERENCE_MARKER.test(sentence.text),
    );
}

/** The paper's own reference marker closing a sentence: "…improve patient safety [25]." */
const END_MARKER = /\s*\[\d+(?:\s*[,–-]\s*\d+)*\][.!?]?$/;

/**
 * A sentence whose only reference marker closes it, quoted without the marker (and the full stop after
 * it): still a verbatim substring of the passage, with nothing a reader could take for our citation.
 */
export function withoutEndMarker(sentence: TSentence): TSentence {
  const match = END_MARKER.exec(sentence.text);
  if (!match) return sentence;
  const text = sentence.text.slice(0, match.index);
  return { text, start: sentence.start, end: sentence.start + text.length };
}

export type TNumberedPassage = {
  /** The number the answer cites the passage with, `[n]`. */
  n: number;
  text: string;
  /** The question coverage from rankPassages, for the abstention threshold. */
  coverage: number;
};

export type TExtractiveSentence = { n: number; text: string; start: number; end: number };

export type TExtractiveAnswer = {
  /** Verbatim sentences, each followed by its `[n]`. */
  text: string;
  sentences: TExtractiveSentence[];
  /** The passage numbers cited, ascending. */
  citations: number[];
};

/** How long an extractive text may be: summaries ask for other lengths than a chat answer (docs/ai.md#summaries). */
export type TExtractiveLimits = { maxSentences?: number; sentencesPerPassage?: number };

/**
 * The offline answer (docs/ai.md#modes, no model configured): the passages' own sentences that best answer
 * the question (BM25 against it, then MMR for diversity), each a whole sentence (wholeSentences) and an
 * exact substring of its passage, followed by its citation. Null when no passage is good enough: the caller abstains. The caller
 * labels it "Extractive answer — no AI model configured", never as model output.
 */
export function extractiveAnswer(
  question: string,
  passages: readonly TNumberedPassage[],
  { maxSentences = MAX_SENTENCES, sentencesPerPassage = SENTENCES_PER_PASSAGE }: TExtractiveLimits = {},
): TExtractiveAnswer | null {
  if (shouldAbstain(passages)) return null;
  const claims = quotableClaims(passages);
  const scores = bm25(
    questionTerms(question),
    claims.map((claim) => claim.terms),
  );
  const termSets = claims.map((claim) => new Set(claim.terms));
  const best = Math.max(0, ...scores);
  const candidates = claims
    .map((_claim, index) => ({ item: index, relevance: scores[index] ?? 0 }))
    .filter(({ relevance }) => relevance > 0 && relevance >= MIN_RELATIVE_RELEVANCE * best);
  const picked = mmr(candidates, {
    limit: maxSentences,
    similarity: (a, b) => termOverlap(termSets[a] ?? new Set(), termSets[b] ?? new Set()),
    groupOf: (index) => String(claims[index]?.n),
    perGroupLimit: sentencesPerPassage,
  });
  const chosen = picked.flatMap(({ item }) => {
    const claim = claims[item];
    return claim ? [{ n: claim.n, text: claim.text, start: claim.start, end: claim.end }] : [];
  });
  if (chosen.length === 0) return null;
  return {
    text: chosen.map((sentence) => `${sentence.text} [${sentence.n}]`).join(' '),
    sentences: chosen,
    citations: [...new Set(chosen.map((sentence) => sentence.n))].sort((a, b) => a - b),
  };
}
