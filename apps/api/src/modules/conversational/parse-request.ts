import type { TConversationTurn, TStructuredQuery } from '@paperbench/contract';
import { STOPWORDS } from '../../ai/text/stopwords';
import { ARXIV_ARCHIVES, canonicalCategory, EMPTY_QUERY, normaliseQuery } from './structured-query';

/**
 * The offline reading of a conversational request (docs/ai.md#conversational-search): no model, only
 * patterns. Dates ("since 2018", "from 2015 to 2019", "before 2020", "in 2019", "last 5 years", "recent"),
 * categories ("in cs.CL", "in cs.CL and stat.ML", "also in cs.LG"), exclusions ("not reviews",
 * "excluding surveys", "without X", "-survey"), quoted phrases, and the remaining content words as
 * terms. A follow-up refines the previous query: its terms and exclusions are added, a date bound or
 * category list it names replaces the previous one ("also"/"too" adds categories instead), and
 * "start over" / "new search:" drops the previous query.
 */

/** Words that frame a request rather than say what it is about. */
const FILLER = new Set(
  `paper papers article articles work works research study studies publication publications literature preprint preprints
  find finding show give list get search searching look looking want wanted need please tell explain
  recent recently latest newest new some anything something ones one thing things related relating regarding
  focus focusing focused only just also too more less mainly mostly especially particularly specifically instead
  rather like etc approach approaches method methods technique techniques using use uses used based
  thanks thank ok okay great now narrow restrict limit filter broaden include includes including
  published publish appeared year years category categories archive topic topics
  cover covering covers discuss discussing discusses mention mentioning let let's lets see`.split(/\s+/),
);

const YEAR = '((?:19|20)\\d{2})';
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** Text the later steps must not read again becomes a clause boundary (so an exclusion stops there). */
const BLANK = ' , ';

const startOfYear = (year: number) => `${year}-01-01`;
const endOfYear = (year: number) => `${year}-12-31`;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

interface Dates {
  from: string | null;
  to: string | null;
}

/** A request's own date bounds: `undefined` when it names none, null to clear one. */
interface DateChange {
  from?: string | null;
  to?: string | null;
}

/**
 * "Recent work", "the latest papers": the last RECENT_YEARS years of the corpus, counted back from its
 * newest paper (docs/ai.md#conversational-search), so that a corpus that is not harvested daily (the
 * shipped sample ends in 2019) still has recent papers; on a fresh corpus that is the last two years.
 */
export const RECENT_YEARS = 2;
const RECENT = /\b(?:the\s+)?(?:most\s+)?(?:recent|recently|latest|newest)\b/gi;

function readDates(text: string, today: Date, newest: Date): { rest: string; change: DateChange } {
  let rest = text;
  const change: DateChange = {};
  const take = (pattern: RegExp, apply: (match: RegExpExecArray) => void) => {
    rest = rest.replace(pattern, (...args) => {
      apply(args.slice(0, -2) as unknown as RegExpExecArray);
      return BLANK;
    });
  };
  take(/\b(?:at any time|any ?time|any date|all years|any year|no date (?:limit|filter|range))\b/gi, () => {
    change.from = null;
    change.to = null;
  });
  take(
    new RegExp(`\\b(?:(?:from|between)\\s+)?${YEAR}\\s*(?:-|–|—|to|and|until|till|through)\\s*${YEAR}\\b`, 'gi'),
    (match) => {
      const [a, b] = [Number(match[1]), Number(match[2])].sort((x, y) => x - y) as [number, number];
      change.from = startOfYear(a);
      change.to = endOfYear(b);
    },
  );
  take(new RegExp(`\\b(since|after|from|starting(?:\\s+(?:in|from))?|as of)\\s+${YEAR}\\b`, 'gi'), (match) => {
    const year = Number(match[2]);
    change.from = startOfYear(match[1]?.toLowerCase() === 'after' ? year + 1 : year);
  });
  take(new RegExp(`\\b${YEAR}\\s+(?:onwards|onward|or later|and later|or after)\\b`, 'gi'), (match) => {
    change.from = startOfYear(Number(match[1]));
  });
  take(new RegExp(`\\b(before|prior to|until|till|up to|through|by)\\s+${YEAR}\\b`, 'gi'), (match) => {
    const year = Number(match[2]);
    const word = match[1]?.toLowerCase() ?? '';
    change.to = endOfYear(word === 'before' || word === 'prior to' ? year - 1 : year);
  });
  take(new RegExp(`\\b${YEAR}\\s+(?:or earlier|and earlier|or before)\\b`, 'gi'), (match) => {
    change.to = endOfYear(Number(match[1]));
  });
  take(new RegExp(`\\b(?:in|during)\\s+${YEAR}\\b`, 'gi'), (match) => {
    change.from = startOfYear(Number(match[1]));
    change.to = endOfYear(Number(match[1]));
  });
  take(
    /\b(?:(?:in|over|from|of)\s+)?(?:the\s+)?(?:last|past)\s+(\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten)?\s*years?\b/gi,
    (match) => {
      const raw = (match[1] ?? 'one').toLowerCase();
      const years = NUMBER_WORDS[raw] ?? Number(raw);
      const from = new Date(today);
      from.setUTCFullYear(from.getUTCFullYear() - Math.max(1, years));
      change.from = isoDate(from);
    },
  );
  take(/\bthis year\b/gi, () => {
    change.from = startOfYear(today.getUTCFullYear());
  });
  // An explicit period wins over "recent" ("recent papers from 2015 to 2017").
  const explicit = change.from !== undefined || change.to !== undefined;
  take(RECENT, () => {
    if (explicit) return;
    const from = new Date(newest);
    from.setUTCFullYear(from.getUTCFullYear() - RECENT_YEARS);
    change.from = isoDate(from);
  });
  return { rest, change };
}

/** A request's bounds over the previous ones: a new lower bound past the old upper one drops it, and the reverse. */
function applyDates(previous: Dates, change: DateChange): Dates {
  let from = change.from === undefined ? previous.from : change.from;
  let to = change.to === undefined ? previous.to : change.to;
  if (from && to && from > to) {
    if (change.from !== undefined && change.to === undefined) to = null;
    else from = null;
  }
  return { from, to };
}

/** A dotted arXiv category (cs.CL, astro-ph.CO, cond-mat.stat-mech), or a bare code-like archive after "in". */
const DOTTED_CATEGORY = /(?<![\p{L}\p{N}.-])([A-Za-z]+(?:-[A-Za-z]+)?)\.([A-Za-z]+(?:-[A-Za-z]+)*)(?![\p{L}\p{N}-])/gu;
/** Archives whose names are not also English topic words ("math", "physics" are left alone). */
const BARE_ARCHIVE =
  /\bin\s+(cs|stat|eess|econ|q-bio|q-fin|astro-ph|cond-mat|gr-qc|hep-ex|hep-lat|hep-ph|hep-th|math-ph|nlin|nucl-ex|nucl-th|quant-ph)(?![\p{L}\p{N}.-])/giu;
const NEGATED_BEFORE = /\b(?:not|except|excluding|without|outside(?:\s+of)?)\s+(?:in\s+)?$/i;

function readCategories(text: string): { rest: string; categories: string[]; additive: boolean } {
  const categories: string[] = [];
  const keep = (raw: string, before: string) => {
    const category = canonicalCategory(raw);
    // The structured query has no excluded categories: "not in cs.CV" is dropped, not turned into a filter.
    if (category && !NEGATED_BEFORE.test(before)) categories.push(category);
  };
  let rest = text.replace(DOTTED_CATEGORY, (whole, archive: string, _subject: string, offset: number, all: string) => {
    if (!ARXIV_ARCHIVES.has(archive.toLowerCase())) return whole;
    keep(whole, all.slice(0, offset));
    return BLANK;
  });
  rest = rest.replace(BARE_ARCHIVE, (_whole, archive: string, offset: number, all: string) => {
    keep(archive, all.slice(0, offset));
    return BLANK;
  });
  const additive = categories.length > 0 && /\b(?:also|too|as well|additionally|plus)\b/i.test(text);
  return { rest, categories, additive };
}

const EXCLUSION_CUE =
  /(?:(?:^|[,;:.!?(]|\bbut|\band)\s*(?:not|no)|\b(?:without|excluding|exclude|except(?:\s+for)?|other than|rather than|instead of|omit|omitting|skip|skipping|ignore|ignoring|leave out|leaving out|minus))\s+([^,;:.!?()]+)/gi;
/** Where an excluded object ends: the next cue of another kind. */
const OBJECT_END =
  /\b(?:since|after|before|from|between|until|during|in|only|also|but|please|focus(?:ing)?|that|which|with)\b/i;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;

/** An excluded object's words without its framing ("any reviews" → "reviews"), at most three words. */
function exclusionItems(object: string): string[] {
  const end = OBJECT_END.exec(object);
  const span = end ? object.slice(0, end.index) : object;
  return span
    .split(/\s*(?:\band\b|\bor\b|\bnor\b|\/|&)\s*/i)
    .map((item) =>
      (item.match(WORD) ?? [])
        .map((word) => word.toLowerCase())
        .filter((word) => !STOPWORDS.has(word) && !FILLER.has(word))
        .slice(0, 3)
        .join(' '),
    )
    .filter(Boolean);
}

function readExclusions(text: string): { rest: string; exclude: string[] } {
  const exclude: string[] = [];
  let rest = text.replace(/(?:^|(?<=[\s,;(]))-([\p{L}\p{N}][\p{L}\p{N}'-]*)/gu, (_whole, word: string) => {
    exclude.push(word.toLowerCase());
    return BLANK;
  });
  rest = rest.replace(EXCLUSION_CUE, (_whole, object: string) => {
    const items = exclusionItems(object);
    exclude.push(...items);
    const end = OBJECT_END.exec(object);
    // The words after the object (", since 2018" was read already; "in …" or "that …" stays for the terms).
    return `${BLANK}${end ? object.slice(end.index) : ''}`;
  });
  return { rest, exclude };
}

function readPhrases(text: string): { rest: string; phrases: string[]; exclude: string[] } {
  const phrases: string[] = [];
  const exclude: string[] = [];
  const QUOTED = /(-|\b(?:not|no|without|excluding|except)\s+)?["“„«]([^"“”„«»]+)["”“»]/gi;
  const rest = text.replace(QUOTED, (_whole, negation: string | undefined, phrase: string) => {
    (negation ? exclude : phrases).push(phrase.trim().replace(/\s+/g, ' ').toLowerCase());
    return BLANK;
  });
  return { rest, phrases: phrases.filter(Boolean), exclude: exclude.filter(Boolean) };
}

/** The content words left: no stop words, no framing, no bare numbers. */
function readTerms(text: string): string[] {
  return (text.match(WORD) ?? [])
    .map((word) => word.toLowerCase().replace(/['-]+$/, ''))
    .filter((word) => word.length >= 2 && !STOPWORDS.has(word) && !FILLER.has(word) && !/^\d+$/.test(word));
}

const START_OVER =
  /^\s*(?:new search|start over|start again|forget (?:that|this|the previous(?: query)?|everything))\b[\s:,.!-]*/i;

/**
 * One request read on top of the previous structured query (null: a first request). Pure: the same
 * text, previous query, day and newest corpus date always give the same query.
 */
export function parseRequest(
  text: string,
  previous: TStructuredQuery | null,
  today: Date = new Date(),
  /** The corpus's newest publication date, which "recent" counts back from. */
  newest: Date = today,
): TStructuredQuery {
  let base = previous ?? EMPTY_QUERY;
  let rest = ` ${text.normalize('NFC')} `;
  if (START_OVER.test(text)) {
    base = EMPTY_QUERY;
    rest = ` ${text.replace(START_OVER, '')} `;
  }
  const quoted = readPhrases(rest);
  const dated = readDates(quoted.rest, today, newest);
  const categorised = readCategories(dated.rest);
  const excluded = readExclusions(categorised.rest);
  const terms = readTerms(excluded.rest);
  const exclude = [...quoted.exclude, ...excluded.exclude];
  const dates = applyDates({ from: base.date_from, to: base.date_to }, dated.change);
  const categories =
    categorised.categories.length === 0
      ? base.categories
      : categorised.additive
        ? [...base.categories, ...categorised.categories]
        : categorised.categories;
  const excludedKeys = new Set(exclude.map((word) => word.toLowerCase()));
  return normaliseQuery({
    terms: [...base.terms.filter((term) => !excludedKeys.has(term.toLowerCase())), ...terms],
    phrases: [...base.phrases, ...quoted.phrases],
    categories,
    date_from: dates.from,
    date_to: dates.to,
    // A word asked for again is no longer excluded.
    exclude: [...base.exclude.filter((word) => !terms.includes(word.toLowerCase())), ...exclude],
  });
}

/**
 * The conversation's query offline: the client's previous query (the chips as the user left them)
 * refined by the last request; without one, every user turn read in order, each refining the last.
 */
export function parseConversation(
  turns: readonly TConversationTurn[],
  previousQuery: TStructuredQuery | undefined,
  today: Date = new Date(),
  newest: Date = today,
): TStructuredQuery {
  const requests = turns.filter((turn) => turn.role === 'user').map((turn) => turn.text);
  const last = requests.at(-1) ?? '';
  if (previousQuery) return parseRequest(last, normaliseQuery(previousQuery), today, newest);
  return (
    requests.reduce<TStructuredQuery | null>((query, request) => parseRequest(request, query, today, newest), null) ??
    EMPTY_QUERY
  );
}
