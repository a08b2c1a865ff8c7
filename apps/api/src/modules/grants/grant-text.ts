/**
 * docs/grants.md#how-grants-are-shown: NIH, Federal RePORTER and USAspending write many titles and
 * descriptions in capitals only. They are shown in sentence case, keeping what reads as an acronym.
 */

/** Acronyms with vowels that the no-vowel rule below would not keep (agencies, diseases, methods). */
const ACRONYMS = new Set(
  (
    'ADHD AHRQ AI AIDS API ARPA CAREER CDC COPD COVID CUNY DARPA DNA DOD DOE EEG EPA EU FDA HIV HUD ICU IOT IRB MRI ' +
    'NASA NCI NEA NEH NIA NICU NIDA RNA SBIR UCSF ' +
    'NIH NIMH NOAA NSF OCT PI REU SARS STTR SUNY UCLA UK UN US USA USAID USDA VA ' +
    'II III IV VI VII VIII IX XI XII'
  ).split(' '),
);

/** Names of peoples and places that stay capitalised in sentence case. */
const PROPER = new Set(
  (
    'african america american americans asian alaska alaskan appalachian arab atlantic black british california ' +
    'canadian caribbean chicago chinese english europe european french german hawaiian hispanic indian japanese ' +
    'korean latina latino latinx mexican mexico native pacific puerto rico spanish texas vietnamese washington'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;

/** Written in capitals only: letters, at least two words of three or more, and no lowercase letter. */
export function isShouting(text: string): boolean {
  if (/\p{Ll}/u.test(text)) return false;
  return (text.match(/\p{Lu}{3,}/gu) ?? []).length >= 2;
}

/** A capitals-only word kept as written: a listed acronym, one with a digit, no vowel, or in parentheses. */
function isAcronym(word: string, before: string, after: string): boolean {
  if (ACRONYMS.has(word) || /\d/.test(word)) return true;
  if (word.length >= 2 && !/[AEIOUY]/.test(word)) return true;
  return word.length >= 2 && before === '(' && after === ')';
}

/**
 * A capitals-only text in sentence case: each word lower-cased unless it reads as an acronym (NSF, DNA, AI,
 * RT-PCR, CD4) or names a people or place; the first letter of the text and of each sentence upper-cased.
 * Text with any lowercase letter is returned as it is.
 */
export function sentenceCase(text: string): string {
  if (!isShouting(text)) return text;
  const lowered = text.replace(WORD, (word, offset: number) => {
    if (isAcronym(word, text[offset - 1] ?? '', text[offset + word.length] ?? '')) return word;
    const lower = word.toLowerCase();
    return PROPER.has(lower) || word === 'I' ? capitalise(lower) : lower;
  });
  // The first letter, and the first after a sentence's end or a colon.
  return lowered.replace(
    /(^|[.!?:]\s+|[.!?](?=\p{L}))(\p{Ll})/gu,
    (_all, end: string, letter: string) => end + letter.toUpperCase(),
  );
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The longest title shown; a longer one is a description standing in for a title (USAspending). */
const MAX_SHOWN_TITLE = 160;

/**
 * What a card shows as title and abstract. A grant with no abstract whose title is a whole description gets
 * its first sentence (or its first words, with an ellipsis) as title and the description as abstract; both
 * are shown in sentence case when written in capitals only.
 */
export function shownText(title: string, abstract: string | null): { title: string; abstract: string | null } {
  if (abstract === null && title.length > MAX_SHOWN_TITLE) {
    return { title: sentenceCase(firstSentence(title)), abstract: sentenceCase(title) };
  }
  return { title: sentenceCase(title), abstract: abstract === null ? null : sentenceCase(abstract) };
}

function firstSentence(text: string): string {
  const end = text.slice(0, MAX_SHOWN_TITLE).search(/[.!?](\s|\p{L}|$)/u);
  if (end > 20) return text.slice(0, end);
  const cut = text.slice(0, MAX_SHOWN_TITLE).replace(/\s+\S*$/, '');
  return `${cut}…`;
}
