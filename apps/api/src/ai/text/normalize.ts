import stem from 'wink-eng-lite-web-model/dist/porter-stemmer.js';
import { STOPWORDS } from './stopwords';

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const COMBINING_MARKS = /\p{M}/gu;
/** Soft hyphens and zero-width characters that PDF text layers leave inside words. */
const INVISIBLES = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/** A word broken at the end of a PDF line: "base-\nline" → "baseline". */
const HYPHENATED_BREAK = /(\p{L})-\s+(?=\p{L})/gu;

/**
 * Folds text for comparing a quote with a passage (ai-notes: match quotes after normalisation):
 * NFKD splits the ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ) and drops accents, curly quotes and dashes become ASCII,
 * hyphenated line breaks are joined, case and whitespace no longer matter.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(INVISIBLES, '')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-')
    .replace(HYPHENATED_BREAK, '$1')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Stems are memoised: the stemmer is a chain of regular expressions, and retrieval tokenizes the
 * same few thousand words of a selection on every question. Cleared when full to bound memory.
 */
const STEM_CACHE_LIMIT = 100_000;
const stemCache = new Map<string, string>();

function cachedStem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemmed = stem(word);
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/**
 * The content words of a text, stemmed (Porter2, shipped with wink's English model): stopwords,
 * single letters and bare numbers are dropped, so "models" and "modelling" both count as "model".
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of normalizeText(text).matchAll(WORD)) {
    if (word.length < 2 || STOPWORDS.has(word) || !/\p{L}/u.test(word)) continue;
    terms.push(cachedStem(word));
  }
  return terms;
}

/** Thousands separators ("1,024") that would otherwise read as two numbers. */
const THOUSANDS_SEPARATOR = /(\d),(?=\d{3}(?!\d))/g;
const NUMBER = /\d+(?:\.\d+)?/g;

/**
 * The distinct numbers of a text in a canonical form ("1,000" → "1000", "0.50" → "0.5", "3.5%" →
 * "3.5"), so that a number in an answer can be looked up among a passage's numbers.
 */
export function numbersIn(text: string): string[] {
  const numbers = new Set<string>();
  for (const [number] of normalizeText(text).replace(THOUSANDS_SEPARATOR, '$1').matchAll(NUMBER)) {
    numbers.add(String(Number(number)));
  }
  return [...numbers];
}
