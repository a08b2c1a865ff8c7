import type { PageLine } from './lines';

/**
 * Headings that open a reference list, in the languages the corpus holds (English, Portuguese,
 * Spanish, French, German), with an optional section number before and a page or line number after.
 */
const HEADING =
  /^(?:[\dIVX]{1,4}\.?\s+)?(?:references?(?: and notes)?|bibliography|literature cited|works cited|cited literature|literatura citada|refer[êe]ncias(?: bibliogr[áa]ficas)?|referencias(?: bibliogr[áa]ficas)?|bibliograf[íi]a|r[ée]f[ée]rences(?: bibliographiques)?|literatur(?:verzeichnis)?)\s*:?\s*\d{0,4}$/i;

/** What ends a reference list: appendices, supplementary material, author notes, tables and figures. */
const END =
  /^(?:(?:[A-Z]\.?\s+)?appendix\b|appendices\b|ap[êe]ndice\b|anexo\b|supplementary\b|supplemental\b|supporting information\b|author (?:contributions|information|biographies)\b|about the authors?\b|(?:table|tabela|tabla|figure|fig\.|figura)\s+\d+[.:]?\s|conflicts? of interest\b|received\s+\d)/i;

export const isHeading = (text: string) => HEADING.test(text);

/** The line that ends the list: tested only once an entry has started, against this line. */
export const endsSection = (text: string) => END.test(text);

/** "Table 1 Summary of studies", "Table 2: …", not a sentence about a table ("Table 3 compares …"). */
const TABLE_WORD = /^(?:table|tabela|tabla|tableau|tabelle)\s/i;
const CAPTION_AFTER_NUMBER = /^\S+\s+[\dIVX]+(?:[.:|]|\s+\p{Lu}|\s*$)/u;
const isTableCaption = (text: string) => TABLE_WORD.test(text) && CAPTION_AFTER_NUMBER.test(text);

/** A "Reference" column header: a table's caption is one of the few lines above it. */
const inTable = (lines: readonly PageLine[], i: number) =>
  lines.slice(Math.max(0, i - 3), i).some((line) => isTableCaption(line.text));

/** Headings closer than this (in lines) are one list's running headers ("References 11", "12 References"). */
const RUNNING_HEADER_GAP = 80;

/**
 * Index of the first line after the reference-list heading, or -1 when there is none. A heading
 * in the first 30% of the text is a table of contents or a table cell, unless a run of running
 * headers that starts there carries on past that point (a list followed by a long author list);
 * within a run the first heading opens the list.
 */
export function findSectionStart(lines: readonly PageLine[]): number {
  const candidates = lines.flatMap((line, i) => (isHeading(line.text) && !inTable(lines, i) ? [i] : []));
  if (candidates.length === 0) return -1;
  const late = candidates.findIndex((i) => i >= lines.length * 0.3);
  let first = late === -1 ? candidates.length - 1 : late;
  while (first > 0 && (candidates[first] ?? 0) - (candidates[first - 1] ?? 0) < RUNNING_HEADER_GAP) first--;
  return (candidates[first] ?? -1) + 1;
}
