import { normalizeText } from './normalize';

/**
 * The specific terms of a question (docs/ai.md#abstention): the words a passage must contain for it to
 * be about the same thing, whatever else it paraphrases. Acronyms and mixed-case names ("BEIR",
 * "SciBERT", "TREC-COVID"), identifiers ("metal_compare"), numbers ("7,918", "2010") and capitalised
 * names inside the question ("Kamuzu", "Selectome"). A plain lowercase word is never one: a paraphrase
 * uses words the paper does not ("squashed" for "projected").
 */
const THOUSANDS_SEPARATOR = /(\d),(?=\d{3}(?!\d))/g;
const CANDIDATE = /[\p{L}\p{N}][\p{L}\p{N}_'’\-/.]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
const ACRONYM_OR_MIXED = /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u;
const CAPITALISED = /^\p{Lu}\p{Ll}/u;
/** Capitalised words that are not names when they open a clause or are the pronoun. */
const NOT_NAMES = new Set(['i', 'a', 'an', 'the', 'and', 'or', 'in', 'on', 'for', 'of', 'to', 'is', 'are', 'was']);
const POSSESSIVE = /['’]s$/u;

/** A question in title case ("What Toolkit Was The System Built With?") capitalises no names. */
const TITLE_CASE_SHARE = 0.6;

export function specificTerms(question: string): string[] {
  const text = question.replace(THOUSANDS_SEPARATOR, '$1');
  const words = [...text.matchAll(CANDIDATE)];
  const titleCase = words.filter(([word]) => CAPITALISED.test(word)).length >= TITLE_CASE_SHARE * words.length;
  const terms: string[] = [];
  for (const match of words) {
    const word = match[0].replace(POSSESSIVE, '').replace(/[.]+$/, '');
    const first = match.index === text.search(/\S/);
    const specific =
      /\d/.test(word) ||
      word.includes('_') ||
      ACRONYM_OR_MIXED.test(word) ||
      (!first && !titleCase && CAPITALISED.test(word) && !NOT_NAMES.has(word.toLowerCase()));
    if (specific && !terms.includes(word)) terms.push(word);
  }
  return terms;
}

const PART = /[\p{L}\p{N}_]+/gu;

/** The selected papers' text in one lowercase string, thousands separators removed, for `missingTerms`. */
export function searchableText(texts: readonly string[]): string {
  return ` ${texts.join(' ').toLowerCase().replace(THOUSANDS_SEPARATOR, '$1')} `;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A part is there as a whole word, or as its plural or singular ("GPUs" finds "GPU" and back). */
function contains(text: string, part: string): boolean {
  const folded = normalizeText(part);
  const singular = folded.replace(/(?<=\w\w)e?s$/, '');
  return new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${escapeRegExp(folded)}|${escapeRegExp(singular)}(?:e?s)?)(?![\\p{L}\\p{N}_])`,
    'u',
  ).test(text);
}

/**
 * The specific terms the selected text (searchableText) does not contain: a term of several parts
 * ("TREC-COVID", "Semantic Scholar's") is missing when any part is.
 */
export function missingTerms(terms: readonly string[], text: string): string[] {
  return terms.filter((term) => [...term.matchAll(PART)].some(([part]) => !contains(text, part)));
}
