/**
 * docs/search.md#syntax, #precision, #ranking: a typed query as SQL. What decides which papers match
 * (the stemmed query, exact phrases, the author, the filters) and the full score a match is ranked by.
 */
import { and, gte, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { papers } from '../../db/schema';
import { inAnyCategory } from '../../db/sql/categories';
import { matchesFullText, webSearchQuery } from '../../db/sql/full-text';
import { matchesRankedDocument } from '../../db/sql/search-facets';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { type ParsedQuery, parseSearchQuery, stemmedQueryText } from './search-query';

export interface SearchFilters {
  /** Corpus categories already resolved from the request's categories and archives; null: no filter. */
  categories: readonly string[] | null;
  from?: string | undefined;
  to?: string | undefined;
  /** `author:` in the query (docs/search.md#jumps): only papers with an author named so, words in order. */
  author?: string | null | undefined;
}

/** A quoted phrase matches the unstemmed vector as typed (docs/search.md#precision). */
export const exactPhrase = (text: string): SQL<boolean> =>
  sql<boolean>`${papers.exactVector} @@ phraseto_tsquery('simple', ${text})`;

/**
 * What the stemmed query cannot say: each group holding a quoted phrase matches it exactly (or one of
 * the group's other items), and an excluded phrase is excluded as typed. Undefined without quotes.
 */
function exactCondition({ groups, hasPhrase }: ParsedQuery): SQL | undefined {
  if (!hasPhrase) return undefined;
  const conditions = groups
    .filter((group) => group.some((item) => item.quoted))
    .map((group) =>
      or(
        ...group.map((item) => {
          if (!item.quoted) return matchesFullText(webSearchQuery(item.text));
          return item.excluded ? not(exactPhrase(item.text)) : exactPhrase(item.text);
        }),
      ),
    );
  return and(...conditions);
}

/**
 * The words as a phrase, as typed, within one part of the unstemmed vector: each lexeme of the phrase
 * query restricted to that part's weight (A title, B authors; migration 20261124082944).
 */
const phraseIn = (part: 'A' | 'B', words: string): SQL<boolean> =>
  sql<boolean>`${papers.exactVector} @@ regexp_replace(phraseto_tsquery('simple', ${words})::text, ${"'((?:[^']|'')*)'"}, ${`'\\1':${part}`}, 'g')::tsquery`;

/** Papers with an author whose name holds these words in this order, as typed. */
const byAuthor = (name: string): SQL<boolean> => phraseIn('B', name);

/**
 * The public papers a query and its filters match (search is public: uploads are never hits).
 * `matchQuery` is the stemmed query of the groups without a quoted phrase (null when there are none):
 * a group holding a phrase is matched by exactCondition alone, since the exact phrase implies its
 * stemmed form. So a phrase is not also looked up in the stemmed index, whose phrase match needs every
 * candidate's vector read again (docs/search.md#plans). `ranked`: the condition of a RUM window, on
 * the ranked document, whose index also decides the category and year facets of the filters
 * (docs/search.md#filters-in-the-index); counts and date pages use the stemmed vector's GIN index.
 */
export function matching(parsed: ParsedQuery, matchQuery: SQL | null, filters: SearchFilters, ranked = false): SQL {
  const { categories, from, to, author } = filters;
  const words = ranked ? matchesRankedDocument : matchesFullText;
  return and(
    matchQuery ? words(matchQuery, filters) : undefined,
    author ? byAuthor(author) : undefined,
    exactCondition(parsed),
    ne(papers.platform, UPLOAD_PLATFORM),
    categories ? inAnyCategory(categories) : undefined,
    from ? gte(papers.publishedDate, from) : undefined,
    to ? lte(papers.publishedDate, to) : undefined,
  ) as SQL;
}

/** An empty query: ranks 0 and marks nothing (an author's papers asked for without words). */
export const NO_WORDS = sql`''::tsquery`;

/**
 * A query as the database takes it: parsed once; the stemmed tsquery of all of it, which ranks and
 * marks matches (null: no words beside an author); and the stemmed query that, with the exact
 * phrases, decides which papers match (see matching).
 */
export function compile(query: string, author: string | null | undefined) {
  const parsed = parseSearchQuery(query);
  const text = stemmedQueryText(parsed);
  const tsQuery = author && !text.trim() ? null : webSearchQuery(text);
  if (!tsQuery || !parsed.hasPhrase) return { parsed, tsQuery, matchQuery: tsQuery };
  const unquoted = stemmedQueryText({ ...parsed, groups: parsed.groups.filter((g) => !g.some((i) => i.quoted)) });
  return { parsed, tsQuery, matchQuery: unquoted.trim() ? webSearchQuery(unquoted) : null };
}

/** Exact occurrences of the wanted words, any of them ('simple' lexemes ORed). */
function exactWords(wanted: readonly string[]): SQL {
  return sql.join(
    wanted.map((word) => sql`plainto_tsquery('simple', ${word})`),
    sql` || `,
  );
}

/**
 * docs/search.md#ranking, the full score of a match, in tiers: +2 when the title holds the typed words
 * as a phrase, +1 when every typed word occurs as typed, then the stemmed cover-density rank (0..1;
 * title A > authors B > abstract C) plus up to 0.5 for how much of the text is the words as typed. So
 * "transformer" finds papers saying "transformer" before those saying "Transforms".
 */
export function fullScore(base: SQL, wanted: readonly string[]): SQL<number> {
  if (wanted.length === 0) return sql<number>`${base}`;
  const typed = wanted.join(' ');
  return sql<number>`(${base}
    + 0.5 * ts_rank(${papers.exactVector}, ${exactWords(wanted)}, 32)
    + case when ${papers.exactVector} @@ plainto_tsquery('simple', ${typed}) then 1 else 0 end
    + case when ${phraseIn('A', typed)} then 2 else 0 end)`;
}
