import { publicationYear, toCslItems } from '../../../lib/bibliography';
import { bibliographyPaperOf } from './references';
import type { WritingPaperRow } from './review-writing.repo';

/**
 * docs/review.md#attribution: an offline review quotes papers' own sentences, which speak in the first
 * person ("To this end, we propose GTPN…"). In a review they must name who speaks: "Do et al. (2018)
 * propose GTPN…". Only the speaker changes (the subject, its possessives, a leading connective and the
 * verb's agreement); the claim's words stay those of the checked quote.
 */

/** Who wrote a paper as a review names them: "Do (2018)", "Do and Lee (2018)", "Do et al. (2018)". */
export function authorsAndYear(paper: WritingPaperRow): { who: string; plural: boolean } {
  const families = (toCslItems([bibliographyPaperOf(paper)])[0]?.author ?? []).map((name) =>
    'family' in name ? name.family : name.literal,
  );
  const year = publicationYear(paper.publishedDate);
  const [first, second] = families;
  const names = !first
    ? 'The authors'
    : families.length === 1
      ? first
      : families.length === 2
        ? `${first} and ${second}`
        : `${first} et al.`;
  return { who: year ? `${names} (${year})` : names, plural: families.length !== 1 };
}

/** "In this paper, we", "To this end, we", "Here we", "We": the opening the authors' names replace. */
const OPENING =
  /^(?:(?:in|within|throughout) (?:this|the present|our) (?:paper|work|article|study|letter|note|report)|to this end|here(?:in)?|in this work|in particular|specifically|therefore|thus|finally|first(?:ly)?|second(?:ly)?|moreover|furthermore|instead|in addition|overall)?,?\s*we\b\s*/i;
/** "This paper proposes", "The present work studies": the paper as the subject. */
const PAPER_SUBJECT = /^(?:this|the present|our) (?:paper|work|article|study|letter|note|report)\s+/i;

const IRREGULAR_SINGULAR: Record<string, string> = { have: 'has', are: 'is', were: 'was', do: 'does', go: 'goes' };
const IRREGULAR_PLURAL = Object.fromEntries(Object.entries(IRREGULAR_SINGULAR).map(([plural, one]) => [one, plural]));

/** The verb after "we" agreed with one author: propose → proposes, study → studies, have → has. */
function singular(verb: string): string {
  if (IRREGULAR_SINGULAR[verb]) return IRREGULAR_SINGULAR[verb];
  if (/(?:[^aeiou]y)$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/** The verb after "this paper" agreed with several authors: proposes → propose, studies → study. */
function plural(verb: string): string {
  if (IRREGULAR_PLURAL[verb]) return IRREGULAR_PLURAL[verb];
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|zes|oes)$/.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** Past tenses and modals agree with every subject. */
const AGREES_ALWAYS = /^(?:\w+ed|can|could|will|would|may|might|must|should|shall)$/i;
/** Present tenses that end like a past one. */
const PRESENT_IN_ED = new Set(['need', 'proceed', 'exceed', 'succeed', 'feed', 'embed', 'shed', 'seed', 'breed']);
/** Adverbs between the subject and its verb ("we also show", "we then derive"): the verb is the next word. */
const ADVERB = /^(?:\w+ly|also|then|further|now|here|first|still|thus|therefore|next|again|instead|rather)$/i;

function withVerb(rest: string, agree: (verb: string) => string): string {
  const match = /^([a-z]+)(\s+)/.exec(rest);
  if (!match?.[1]) return rest;
  const [word, space = ' '] = [match[1], match[2]];
  if (ADVERB.test(word)) return `${word}${space}${withVerb(rest.slice(match[0].length), agree)}`;
  if (AGREES_ALWAYS.test(word) && !PRESENT_IN_ED.has(word)) return rest;
  return agree(word) + rest.slice(word.length);
}

/** The other first-person words once the subject is named: our → their, us → them. */
const possessives = (text: string) =>
  text
    .replace(/\bwe\b/g, 'they')
    .replace(/\bWe\b/g, 'They')
    .replace(/\bour\b/g, 'their')
    .replace(/\bOur\b/g, 'Their')
    .replace(/\bours\b/g, 'theirs')
    .replace(/\bus\b/g, 'them')
    .replace(/\bourselves\b/g, 'themselves');

/** The sentence with its authors as the speaker; a sentence that does not speak in the first person is kept. */
export function attribute(sentence: string, { who, plural: many }: { who: string; plural: boolean }): string {
  const agreeWe = (rest: string) => possessives(many ? rest : withVerb(rest, singular));
  const opening = OPENING.exec(sentence);
  if (opening) return `${who} ${agreeWe(sentence.slice(opening[0].length))}`;
  const paper = PAPER_SUBJECT.exec(sentence);
  if (paper)
    return `${who} ${possessives(many ? withVerb(sentence.slice(paper[0].length), plural) : sentence.slice(paper[0].length))}`;
  // "Unlike earlier work, we show…": the first "we" is the speaker.
  const we = /\bwe\s+/i.exec(sentence);
  if (we)
    return `${possessives(sentence.slice(0, we.index))}${who} ${agreeWe(sentence.slice(we.index + we[0].length))}`;
  // No speaker, only what is theirs: "Our model reaches…" → "The authors' model reaches…".
  return sentence
    .replace(/\bOur\b/g, 'The authors’')
    .replace(/\bour\b/g, 'the authors’')
    .replace(/\bus\b/g, 'the authors');
}

/** A sentence of an offline paragraph and the passage number it cites: "… [3]". */
const CITED_SENTENCE = /(.+?) \[(\d+)\](?: |$)/g;

/**
 * An offline paragraph (`sentence [n] sentence [n]`, passage numbers) with every sentence attributed to
 * the authors of the paper its `[n]` cites. Run after the checker verified the verbatim sentences:
 * what it verified (the quote and the claim's words) is unchanged (docs/review.md#attribution).
 */
export function attributeParagraph(text: string, paperOf: (n: number) => WritingPaperRow | undefined): string {
  return [...text.matchAll(CITED_SENTENCE)]
    .map(([, sentence = '', n]) => {
      const paper = paperOf(Number(n));
      return `${paper ? attribute(sentence, authorsAndYear(paper)) : sentence} [${n}]`;
    })
    .join(' ');
}
