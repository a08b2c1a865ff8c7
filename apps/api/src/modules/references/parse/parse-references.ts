import { splitEntries } from './entries';
import { type EntryFields, parseEntry } from './fields';
import { pageLines, stripLineNumbers } from './lines';
import { type AuthorYearIndex, authorYearMarkers, foldName, type Marker, numericMarkers, type Span } from './markers';
import { findSectionStart } from './section';

/** One entry of a paper's reference list, read from its extracted text. */
export interface ParsedReference extends EntryFields {
  /** 1-based position in the list. */
  n: number;
  raw: string;
  /** The page the entry starts on. */
  page: number;
}

export interface ParsedReferences {
  references: ParsedReference[];
  markers: Marker[];
}

const MAX_ENTRIES = 2000;
const MAX_RAW = 2000;

/** The first author's surname as the text would cite it: "Cohan, A." → cohan · "Arman Cohan" → cohan. */
function surnameOf(author: string | undefined): string | null {
  if (!author) return null;
  const name = author.includes(',') ? author.slice(0, author.indexOf(',')) : (author.split(/\s+/).at(-1) ?? '');
  const cleaned = name.replace(/[^\p{L}'’-]/gu, '');
  if (cleaned.length < 2) return null;
  // "Surname X" (Vancouver, no comma): the capitalised word before the initials.
  if (!author.includes(',') && /^\p{Lu}{1,3}$/u.test(cleaned)) return foldName(author.split(/\s+/)[0] ?? '');
  return foldName(cleaned);
}

function authorYearIndex(references: readonly ParsedReference[]): AuthorYearIndex {
  const index: AuthorYearIndex = new Map();
  for (const reference of references) {
    const surname = surnameOf(reference.authors[0]);
    if (!surname || reference.year === null) continue;
    const key = `${surname}|${reference.year}`;
    index.set(key, [...(index.get(key) ?? []), reference.n]);
  }
  return index;
}

/**
 * A paper's reference list and the in-text markers that point into it, from its pages' text
 * (`paper_texts.pages`). No heading, or no entries under it: both lists are empty.
 */
export function parseReferences(pages: readonly string[]): ParsedReferences {
  const lines = stripLineNumbers(pageLines(pages));
  const start = findSectionStart(lines);
  if (start < 0) return { references: [], markers: [] };
  const section = lines.slice(start);
  const { entries, end, numbered } = splitEntries(section);
  const references = entries.slice(0, MAX_ENTRIES).map((entry, i) => ({
    n: i + 1,
    raw: entry.raw.slice(0, MAX_RAW),
    page: entry.page,
    ...parseEntry(entry.raw),
  }));
  if (references.length === 0) return { references, markers: [] };
  const heading = lines[start - 1];
  const after = lines[start + end];
  const skip: Span | null = heading
    ? {
        from: { page: heading.page, offset: heading.start },
        to: after ? { page: after.page, offset: after.start } : { page: pages.length + 1, offset: 0 },
      }
    : null;
  const markers = numbered
    ? numericMarkers(pages, references.length, skip)
    : authorYearMarkers(pages, authorYearIndex(references), skip);
  return { references, markers };
}
