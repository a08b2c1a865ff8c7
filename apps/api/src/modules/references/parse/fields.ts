/** The fields read from one entry; null where the entry does not say (docs/references.md#parsing). */
export interface EntryFields {
  title: string | null;
  authors: string[];
  year: number | null;
  venue: string | null;
  doi: string | null;
  arxivId: string | null;
}

const DOI = /\b(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/\s*)?(10\.\d{4,9}\/[^\s"<>]+)/i;
const ARXIV =
  /(?:arxiv[:\s]*(?:abs\/)?|arxiv\.org\/(?:abs|pdf)\/)\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?/i;
const YEAR = /(?<![\d/.])((?:1[89]|20)\d{2})[a-z]?(?![\d/])/;

export function readDoi(raw: string): string | null {
  const match = DOI.exec(raw);
  if (!match?.[1]) return null;
  return match[1]
    .replace(/[.,;)\]]+$/, '')
    .replace(/\.pdf$/i, '')
    .toLowerCase();
}

export function readArxivId(raw: string): string | null {
  return ARXIV.exec(raw)?.[1] ?? null;
}

/** Where the entry's year is printed: right after the authors ("2019." "(2019)") or at the end. */
function yearAt(raw: string): { year: number; index: number; end: number } | null {
  const early = /(?:^|[\s.,])\(?((?:1[89]|20)\d{2})[a-z]?\)?(?=[.,:;]\s|[.,:;]?$|\)\.?\s)/.exec(raw);
  const match = early ?? YEAR.exec(raw);
  if (!match?.[1]) return null;
  const index = match.index + match[0].indexOf(match[1]);
  let end = match.index + match[0].length;
  while (end < raw.length && /[.,:;)\s]/.test(raw[end] ?? '')) end++;
  return { year: Number(match[1]), index, end };
}

/** The first sentence of `text`: up to a '.', '?' or '!' that is not an initial or an abbreviation. */
export function firstSentence(text: string): { sentence: string; rest: string } {
  const pattern = /[.?!](?=\s|$)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const before = text.slice(0, match.index);
    if (/(?:^|[\s(.-])(?:\p{Lu}|al|vs|eds?|vol|no|pp|St|Dr|Jr|e\.g|i\.e|cf)$/u.test(before)) continue;
    const sentence = text.slice(0, match[0] === '.' ? match.index : match.index + 1).trim();
    return { sentence, rest: text.slice(match.index + 1).trim() };
  }
  return { sentence: text.trim(), rest: '' };
}

/** "A, B and C" · "A; B" · "Surname, X., Surname, Y." → one string per author. */
export function splitAuthors(text: string): string[] {
  const cleaned = text
    .replace(/\bet al\.?/g, '')
    .replace(/[.,;\s]+$/, '')
    .trim();
  if (cleaned.length === 0) return [];
  const parts = cleaned.includes(';')
    ? cleaned.split(/\s*;\s*/)
    : /^[\p{Lu}][\p{L}'’-]+,\s*\p{Lu}\./u.test(text)
      ? cleaned.split(/(?<=\p{Lu}\.(?:\s*\p{Lu}\.)*),\s*/u)
      : cleaned.split(/\s*,\s*(?:and\s+|&\s*)?|\s+(?:and|&|e|y)\s+/);
  return parts
    .flatMap((part) => part.split(/\s+(?:and|&)\s+/))
    .map((part) => part.replace(/^(?:and|&)\s+/, '').trim())
    .filter((part) => part.length > 1 && part.length < 80);
}

const PARTICLE = String.raw`(?:(?:van|von|de|der|den|da|dos|del|la|le|di)\s+)*`;
/** "Surname AB, Other C, & Last DE. " (older BMC: "… Last DE: ", "Surname A, et al: ") — surnames, particles allowed, each followed by capital initials. */
const VANCOUVER = new RegExp(
  String.raw`^(?:${PARTICLE}\p{Lu}[\p{L}'’-]+(?:\s+${PARTICLE}\p{Lu}[\p{L}'’-]+)*\s+\p{Lu}{1,4}(?:,\s+(?:&\s+)?|[.:]\s+)|et al[.:]?\s+)+`,
  'u',
);

const QUOTED = /[“"]([^”"]{8,})[”"]/;

const INITIALS = String.raw`\p{Lu}\.(?:\s?-?\p{Lu}\.)*`;
const SURNAME = String.raw`${PARTICLE}\p{Lu}[\p{L}'’-]+`;
/** "M.F. Tappen, C. Liu, W.T. Freeman. " (NIPS, SIGMOD): initials first, commas only, a full stop after the last name. */
const INITIALS_FIRST = new RegExp(
  String.raw`^(?:${INITIALS}\s*${SURNAME}(?:,\s+(?:and\s+)?|\s+and\s+))*${INITIALS}\s*${SURNAME}\.\s+`,
  'u',
);

/** Reads authors, title, year, venue, DOI and arXiv id from one entry's text. */
export function parseEntry(raw: string): EntryFields {
  const doi = readDoi(raw);
  const arxivId = readArxivId(raw);
  const found = yearAt(raw);
  const quoted = QUOTED.exec(raw);
  if (quoted?.[1]) {
    const title = quoted[1].replace(/[,.]\s*$/, '').trim();
    const after = raw.slice(quoted.index + quoted[0].length).replace(/^[\s,.]+/, '');
    return {
      title,
      authors: splitAuthors(raw.slice(0, quoted.index)),
      year: found?.year ?? null,
      venue: venueOf(after),
      doi,
      arxivId,
    };
  }
  const initialsFirst = INITIALS_FIRST.exec(raw)?.[0];
  if (initialsFirst && !startsWithYear(raw.slice(initialsFirst.length))) {
    const title = firstSentence(raw.slice(initialsFirst.length));
    return {
      title: cleanTitle(title.sentence),
      authors: splitAuthors(initialsFirst),
      year: found?.year ?? null,
      venue: venueOf(title.rest),
      doi,
      arxivId,
    };
  }
  // Vancouver (BMC, PubMed): "Quandt F, Hummel FC. Title. Journal. 2014;3:1–8."
  const vancouver = VANCOUVER.exec(raw)?.[0];
  const afterNames = vancouver ? firstSentence(raw.slice(vancouver.length)) : null;
  if (
    vancouver &&
    afterNames &&
    /[.:]\s+$/.test(vancouver) &&
    !namesBeforeYear(raw.slice(vancouver.length), afterNames)
  ) {
    return {
      title: cleanTitle(afterNames.sentence),
      authors: vancouver
        .replace(/(?:,?\s*et al)?[.:]?\s+$/, '')
        .split(/,\s+(?:&\s+)?/)
        .map((name) => name.trim())
        .filter(Boolean),
      year: found?.year ?? null,
      venue: venueOf(afterNames.rest),
      doi,
      arxivId,
    };
  }
  // Author-year styles: "Authors. 2019. Title. Venue" / "Authors (2019). Title. Venue"; not ABNT's
  // "SURNAME, X. Title. Venue, 2019.", where a year can end an early sentence.
  const run = authorRun(raw);
  const afterRun = raw.slice(run.length);
  const abnt = /(?:\p{Lu}\.|et al\.)[\s,;]*$/u.test(run) && !namesBeforeYear(afterRun, firstSentence(afterRun));
  // A long author list puts the year late in a short entry: still author-year when all before it is names.
  const early = found && (found.index < raw.length * 0.6 || readsLikeNames(raw.slice(0, found.index)));
  if (found && !abnt && early && found.index < 600) {
    const title = firstSentence(raw.slice(found.end));
    return {
      title: cleanTitle(title.sentence),
      authors: splitAuthors(raw.slice(0, found.index).replace(/[(\s]+$/, '')),
      year: found.year,
      venue: venueOf(title.rest),
      doi,
      arxivId,
    };
  }
  // ABNT: "SURNAME, X.; SURNAME, Y. Title. Venue, v. 1, 2005."
  const title = firstSentence(raw.slice(run.length));
  return {
    title: cleanTitle(title.sentence),
    authors: splitAuthors(run),
    year: found?.year ?? null,
    venue: venueOf(title.rest),
    doi,
    arxivId,
  };
}

const startsWithYear = (text: string) => /^\(?(?:1[89]|20)\d{2}/.test(text);

/**
 * Whether what follows a run of names is the year, or more names and then the year: the run stopped
 * inside a first-name-first list ("Anant K. | Agarwal, …, Thorsten Joachims. 2019."), so the entry is
 * author-year, not ABNT or Vancouver.
 */
function namesBeforeYear(afterRun: string, next: { sentence: string; rest: string }): boolean {
  return startsWithYear(afterRun) || (startsWithYear(next.rest) && readsLikeNames(next.sentence));
}

/** "Agarwal, Ivan Zaitsev, and Thorsten Joachims": commas or "and", nearly every word capitalised. */
function readsLikeNames(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => !/^(?:and|&|et|al\.?)$/.test(word));
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
  return /,|\sand\s/.test(text) && words.length > 0 && capitalised >= words.length * 0.8;
}

/** The leading run of "Surname, X. Y.," / "Surname XY," names, up to the '.' that ends it. */
function authorRun(raw: string): string {
  const match =
    /^(?:(?:[\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)*,?\s+(?:\p{Lu}\.\s*(?:-?\s*\p{Lu}\.\s*)*|\p{Lu}[\p{Ll}'’-]+(?=[,;]))(?:[,;]\s*)?(?:(?:and|&|e|y)\s+)?)+|et al\.?\s*)+/u.exec(
      raw,
    );
  return match?.[0] ?? '';
}

function cleanTitle(title: string): string | null {
  const cleaned = title
    .replace(/^[\s"“”'‘’.,:;]+|[\s"“”'‘’.,:;]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length >= 4 &&
    /\p{L}{2}/u.test(cleaned) &&
    !/^(?:https?:|doi:|available|dispon[íi]vel|retrieved|acesso|accessed)/i.test(cleaned)
    ? cleaned
    : null;
}

function venueOf(rest: string): string | null {
  const { sentence } = firstSentence(rest.replace(/^(?:In|In:|Em|En):?\s+/, ''));
  const venue = sentence
    .replace(/,?\s*(?:v\.|vol\.|pp?\.|n\.)?\s*\d[\d\s(),:–-]*$/, '')
    .replace(/https?:\S+|doi:\S+/gi, '')
    .trim();
  return venue.length >= 3 && /\p{L}{2}/u.test(venue) && venue.length <= 200 ? venue : null;
}
