import { or, type SQL } from 'drizzle-orm';
import { inCategory } from '../../db/sql/categories';
import { matchesFullText, webSearchQuery } from '../../db/sql/full-text';

/** An arXiv category with a subject class: cs.CL, math.AG, astro-ph.GA. */
const CATEGORY = /^[a-z-]+\.[A-Za-z-]{2,}$/;
/** arXiv archives that are categories on their own. */
const ARCHIVE_CATEGORIES = new Set([
  'hep-th',
  'hep-ph',
  'hep-ex',
  'hep-lat',
  'gr-qc',
  'quant-ph',
  'nucl-th',
  'nucl-ex',
  'math-ph',
  'astro-ph',
  'cond-mat',
]);

/** A topic that names an arXiv category follows the category. */
export const isCategoryTopic = (topic: string): boolean => CATEGORY.test(topic) || ARCHIVE_CATEGORIES.has(topic);

/**
 * How a followed topic selects papers, shared by the monitor, the daily feed and the digests: a
 * category topic matches papers listed in that category, any other topic is a web-search query over
 * the weighted full text (title, authors, abstract), parsed by Postgres as the search box's is.
 */
export function topicMatch(topic: string): SQL<boolean> {
  const byText = matchesFullText(webSearchQuery(topic));
  return isCategoryTopic(topic) ? (or(inCategory(topic), byText) as SQL<boolean>) : byText;
}

/** The reason shown next to a paper a topic selected. */
export const topicReason = (topic: string): string =>
  isCategoryTopic(topic) ? `In or about ${topic}, which you follow` : `Matches “${topic}”, which you follow`;
