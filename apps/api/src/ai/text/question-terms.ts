import { tokenize } from './normalize';

/**
 * Words that frame a question about papers rather than ask something ("what does the paper say
 * about…"): every passage of a paper would match them, so they must not count as evidence.
 */
const QUESTION_FRAMING = new Set(
  tokenize('paper papers article study studies author authors according describe mention discuss explain tell say'),
);

/** The content terms of a question, stemmed, without its framing words. */
export function questionTerms(question: string): string[] {
  return tokenize(question).filter((term) => !QUESTION_FRAMING.has(term));
}
