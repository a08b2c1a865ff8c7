/**
 * The parts of a web-search query (docs/search.md#syntax) that search handles beyond what
 * websearch_to_tsquery does itself: which phrases were quoted (they must match exactly, unstemmed),
 * and which words the user typed (exact occurrences of them rank above stemmed relatives, and a title
 * holding them as a phrase comes first). The tokenizer follows websearch_to_tsquery's rules: `"…"` is a
 * phrase (an unclosed quote runs to the end), `-` before a word or phrase excludes it, `or` between
 * two items joins them, anything else is ANDed.
 */

export interface QueryItem {
  text: string;
  quoted: boolean;
  excluded: boolean;
}

export interface ParsedQuery {
  /** Items ANDed together; each group's items are ORed. */
  groups: QueryItem[][];
  /** Words of the items that are not excluded, in order, lower-case: what the user is looking for. */
  wanted: string[];
  /** True when some item is a quoted phrase (only then is the exact vector consulted for matching). */
  hasPhrase: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

function tokens(query: string): Array<QueryItem | 'or'> {
  const out: Array<QueryItem | 'or'> = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i] as string;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    const excluded = char === '-' && i + 1 < query.length && !/\s/.test(query[i + 1] as string);
    const start = excluded ? i + 1 : i;
    if (query[start] === '"') {
      const close = query.indexOf('"', start + 1);
      const end = close === -1 ? query.length : close;
      const text = query.slice(start + 1, end).trim();
      // A phrase of punctuation alone matches nothing and is dropped, as websearch_to_tsquery does.
      if (HAS_WORD.test(text)) out.push({ text, quoted: true, excluded });
      i = end + 1;
      continue;
    }
    let end = start;
    while (end < query.length && !/[\s"]/.test(query[end] as string)) end += 1;
    const text = query.slice(start, end);
    if (!excluded && text.toLowerCase() === 'or') out.push('or');
    else if (text) out.push({ text, quoted: false, excluded });
    i = end;
  }
  return out;
}

export function parseSearchQuery(query: string): ParsedQuery {
  const groups: QueryItem[][] = [];
  let joinNext = false;
  for (const token of tokens(query)) {
    if (token === 'or') {
      joinNext = groups.length > 0;
      continue;
    }
    const last = groups[groups.length - 1];
    // An excluded item stands alone: "a OR -b" means little, and websearch_to_tsquery ANDs its negation too.
    if (joinNext && last && !token.excluded && !last.some((item) => item.excluded)) last.push(token);
    else groups.push([token]);
    joinNext = false;
  }
  const items = groups.flat();
  return {
    groups,
    wanted: items
      .filter((item) => !item.excluded)
      .flatMap((item) => [...item.text.matchAll(WORD)].map((match) => match[0].toLowerCase())),
    hasPhrase: items.some((item) => item.quoted),
  };
}

/**
 * The query for the stemmed ('english') vector: the same syntax without excluded phrases, which are
 * excluded exactly instead (excluding their stems would drop papers that never use the phrase).
 */
export function stemmedQueryText({ groups }: ParsedQuery): string {
  return groups
    .map((group) =>
      group
        .filter((item) => !(item.quoted && item.excluded))
        .map((item) => `${item.excluded ? '-' : ''}${item.quoted ? `"${item.text}"` : item.text}`)
        .join(' or '),
    )
    .filter(Boolean)
    .join(' ');
}
