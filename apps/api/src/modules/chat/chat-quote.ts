import { locateQuote, quoteLetters, type TChatQuote, type TCitedPassage } from '@paperbench/contract';
import { missingTerms, searchableText } from '../../ai/text/specific-terms';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { selectPageTexts } from '../annotations/annotations.repo';
import type { RetrievedContext } from './retrieve-passages';

/** A quote the reader asked about (Ask AI), found on its page: the answer's passage [1]. */
export type QuotedPassage = Omit<TCitedPassage, 'n'>;

/**
 * docs/ai.md#asking-about-a-quote: the quote must be on its page of the paper's stored text, found by the
 * viewer's own rule (locateQuote over letters), or it is refused (400): a passage the server cannot find
 * in the paper would be cited as if the paper said it. The caller has checked the paper is readable.
 */
export async function requireQuoteOnPage(db: Db, quote: TChatQuote): Promise<QuotedPassage> {
  const texts = await selectPageTexts(db, quote);
  if (!texts?.pages) {
    throw new AppError(
      'INVALID_REQUEST',
      "quote: this paper's text is not extracted yet, so the quote cannot be checked; try again once it is read",
    );
  }
  const page = texts.pages[quote.page - 1];
  if (page === undefined || locateQuote(quoteLetters(page), quoteLetters(quote.exact)) === null) {
    throw new AppError('INVALID_REQUEST', `quote: this text is not on page ${quote.page} of the paper`);
  }
  return { paper_id: quote.paper_id, platform: quote.platform, page: quote.page, text: quote.exact.trim() };
}

/** What retrieval searches for with a quote: the question and the quote, so passages around it rank. */
export const queryWithQuote = (question: string, quote: QuotedPassage | null) =>
  quote ? `${question}\n${quote.text}` : question;

/**
 * The retrieved passages behind the quote, which becomes [1]. The question is about the quote, so
 * coverage never abstains (the quote is the context the reader chose); a specific term the quote
 * itself holds is not missing.
 */
export function withQuote(retrieved: RetrievedContext, quote: QuotedPassage): RetrievedContext {
  return {
    passages: [{ n: 1, ...quote }, ...retrieved.passages.map((passage) => ({ ...passage, n: passage.n + 1 }))],
    coverage: [1, ...retrieved.coverage],
    abstain: false,
    missing: missingTerms(retrieved.missing, searchableText([quote.text])),
  };
}
