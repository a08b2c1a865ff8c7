import { parseArxivIdentifier } from './arxiv-id';
import { paperFromArxivFields, type RecordOutcome } from './arxiv-record';
import { asArray, child, parseXml, textOf } from './xml';

const ABS_ID = /arxiv\.org\/abs\//i;

/**
 * Entries of an arXiv API (Atom) feed, in both output formats: the older one (namespace declared on
 * each element, http ids, rel="self") and the 2025 one (namespaces on <feed>, https ids). An entry
 * whose id is not an abs link is the API's way of reporting an error, not a paper.
 */
export function parseAtomFeed(body: string): RecordOutcome[] {
  const feed = parseXml(body).feed;
  if (!feed || typeof feed !== 'object') throw new Error('arXiv sent a response that is not an Atom feed');
  return asArray(child(feed, 'entry'))
    .filter((entry) => ABS_ID.test(textOf(child(entry, 'id')) ?? ''))
    .map((entry) => {
      const { paperId, version } = parseArxivIdentifier(textOf(child(entry, 'id')) ?? '');
      const primary = child(child(entry, 'primary_category'), '@term') as string | undefined;
      const terms = asArray(child(entry, 'category')).map((category) => String(child(category, '@term') ?? ''));
      const published = textOf(child(entry, 'published'))?.slice(0, 10);
      const updated = textOf(child(entry, 'updated'))?.slice(0, 10);
      return paperFromArxivFields({
        id: paperId,
        title: textOf(child(entry, 'title')),
        authors: asArray(child(entry, 'author')).map((author) => textOf(child(author, 'name')) ?? ''),
        abstract: textOf(child(entry, 'summary')),
        categories: primary ? [primary, ...terms] : terms,
        published,
        // Atom's <updated> is the latest version's date; for a v1 it repeats <published>.
        updated: version && version > 1 ? updated : null,
        doi: textOf(child(entry, 'doi')),
        comments: textOf(child(entry, 'comment')),
      });
    });
}
