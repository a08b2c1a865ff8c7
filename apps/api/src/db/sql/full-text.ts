import { type SQL, sql } from 'drizzle-orm';
import { papers } from '../schema';

/**
 * The full-text fragments search, the paper list, followed topics and the daily feed share, so one
 * query string means the same papers everywhere (grant search reads its query the same way).
 *
 * Web-search syntax ("phrase", a OR b, -term) parsed by Postgres itself, with the same 'english'
 * configuration that built the stored vectors (migration 0000). The text goes through
 * cutNegationRuns first, so that nothing a user can type fails the statement.
 */
export const webSearchQuery = (text: string): SQL => sql`websearch_to_tsquery('english', ${cutNegationRuns(text)})`;

/** Papers whose weighted vector (title, authors, abstract) matches the query; the GIN index answers it. */
export const matchesFullText = (query: SQL): SQL<boolean> => sql<boolean>`${papers.searchVector} @@ ${query}`;

/**
 * Cover-density rank over the weighted vector (title A > authors B > abstract C); normalisation 32
 * maps it to rank/(rank+1), a 0..1 score that is comparable within one result set.
 */
export const relevance = (query: SQL): SQL<number> => sql<number>`ts_rank_cd(${papers.searchVector}, ${query}, 32)`;

/**
 * What websearch_to_tsquery passes over where it awaits an operand: spaces and the characters of
 * ISOPERATOR (PostgreSQL's tsquery.c). They end a word too, and so does a quote (tsvector_parser.c).
 */
const DELIMITER = /[\s!&|()<]/;
const WORD_END = /[\s!&|()<"]/;

/**
 * docs/search.md#syntax: the text with each run of negations cut to its parity, one `-` or none.
 * websearch_to_tsquery pushes each `-` of a run (`- - -`, `-!-(-`) on a stack of 32 operators and past
 * it fails the whole statement with "tsquery stack too small" (SQLSTATE XX000, an internal error), so
 * 33 dashes were a 500. To it `--a` is `!!a`, which matches what `a` does, so the cut changes no query's
 * matches. The scan follows its tokenizer: a `-` negates only where an operand is awaited (at the start,
 * after a delimiter, a word or a quoted phrase), never inside a word (`x--y`) or a phrase, which are
 * copied as they are.
 */
export function cutNegationRuns(text: string): string {
  let out = '';
  let i = 0;
  let awaitsOperand = true;
  while (i < text.length) {
    const char = text[i] as string;
    let end = i + 1;
    if (!awaitsOperand || DELIMITER.test(char)) {
      // After an operand, anything but a delimiter starts the next one (an implicit AND, or OR).
      if (!DELIMITER.test(char)) {
        awaitsOperand = true;
        continue;
      }
      out += char;
    } else if (char === '-') {
      let dashes = 0;
      for (end = i; end < text.length && (text[end] === '-' || DELIMITER.test(text[end] as string)); end += 1) {
        if (text[end] === '-') dashes += 1;
      }
      out += dashes % 2 === 1 ? '-' : '';
    } else {
      if (char === '"') {
        const close = text.indexOf('"', i + 1);
        end = close === -1 ? text.length : close + 1;
      } else {
        while (end < text.length && !WORD_END.test(text[end] as string)) end += 1;
      }
      out += text.slice(i, end);
      awaitsOperand = false;
    }
    i = end;
  }
  return out;
}
