import type { PageLine } from './lines';
import { endsSection, isHeading } from './section';

/** One entry of the list as printed, before its fields are read. */
export interface RawEntry {
  raw: string;
  /** The number printed before it ("[12]", "12."), null in author-year lists. */
  label: number | null;
  page: number;
}

const LABELS = [/^\[(\d{1,3})\]\s*/, /^(\d{1,3})\.\s+(?=\S)/, /^(\d{1,3})\s+(?=\p{Lu})/u];

/** Label 1 must open the list: numbered affiliations or table rows further down are not entries. */
const FIRST_LABEL_WITHIN = 3;

/** The label style whose numbers run 1, 2, 3… (from one of the first lines) over the most lines (at least 3), or null. */
function labelStyle(lines: readonly PageLine[]): RegExp | null {
  let best: { style: RegExp; count: number } | null = null;
  const opening = lines.filter((line) => !isHeading(line.text)).slice(0, FIRST_LABEL_WITHIN);
  for (const style of LABELS) {
    if (!opening.some((line) => Number(style.exec(line.text)?.[1]) === 1)) continue;
    let next = 1;
    for (const line of lines) {
      const match = style.exec(line.text);
      if (match && Number(match[1]) === next) next++;
    }
    const count = next - 1;
    if (count >= 3 && (!best || count > best.count)) best = { style, count };
  }
  return best?.style ?? null;
}

/** Appends a wrapped line: a broken word or URL is joined without a space. */
export function joinLine(text: string, line: string): string {
  if (text.length === 0) return line;
  const lastToken = text.slice(text.lastIndexOf(' ') + 1);
  if (/[a-z]-$/.test(text) && /^[a-z]/.test(line) && !/^(?:https?:|doi)/i.test(lastToken)) {
    return text.slice(0, -1) + line;
  }
  if (/-$/.test(text) && /^\p{Lu}/u.test(line)) return text + line;
  if (/^(?:https?:\/\/|doi:|www\.)\S*[/.\-_]$/i.test(lastToken) && !/^(?:\p{Lu}\p{Ll}+,|[[(])/u.test(line)) {
    return text + line;
  }
  return `${text} ${line}`;
}

/** "Surname, X." · "SURNAME, Name" · "Name Surname," · "Name Surname and" · "Name X. Surname," */
const AUTHORISH =
  /^(?:(?:van|von|de|da|dos|del|der|le|la|di)\s+)*\p{Lu}[\p{L}'’`-]+(?:\s+[\p{Lu}][\p{L}'’`-]+)*,?\s+(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+(?:,|\s+and\b|\s+&|\s+\p{Lu}\.)|\p{Lu}\p{Ll}+\s+\p{Lu}[\p{L}'’-]+(?:,|\s+and\b|\.))/u;
const YEARISH = /(?:\(\s*(?:1[89]|20)\d{2}[a-z]?\s*\)|^[^:]{2,60}?[.,]\s+(?:1[89]|20)\d{2}[a-z]?[.,:]|\(n\.d\.\))/;
/** Lines that continue an entry even after a full stop: access notes, "In:" editors, venues with volume numbers. */
const CONTINUES = /^(?:In|In:|Em|Em:|En|En:|Dans|Last access|Accessed|Acesso em|Available|Dispon[íi]vel|Retrieved)\b/;
const TERMINAL = /(?:[.)\]]|\d|\/\S*|\.pdf)$/;

/** Whether an author-year list's next line opens a new entry rather than continuing this one. */
function opensEntry(current: string, line: string): boolean {
  if (current.length === 0) return true;
  if (!TERMINAL.test(current) || !/^\p{Lu}/u.test(line) || CONTINUES.test(line)) return false;
  if (!/(?:1[89]|20)\d{2}|n\.d\./.test(current) && current.length < 300) return false;
  // "Name Surname and" also reads "Industrial Crops and Products, 53: 6-15": a name line has no
  // numbers before its year.
  const numbersFirst = /^[^\d]*\d/.test(line) && !YEARISH.test(line.slice(0, 90));
  if (/^\p{Lu}[\p{L}'’-]+,\s+\p{Lu}\./u.test(line)) return true;
  // ABNT corporate authors: "WORLD BANK.", "NBS – National Bureau…".
  if (/^\p{Lu}{2,}(?:\s+\p{Lu}{2,})*\s*(?:[.,]|\s–)/u.test(line)) return true;
  return (AUTHORISH.test(line) && !numbersFirst) || YEARISH.test(line.slice(0, 90));
}

/** Splits the lines after a heading into entries, stopping where the list ends (`end`: that line's index). */
export function splitEntries(lines: readonly PageLine[]): { entries: RawEntry[]; end: number; numbered: boolean } {
  const style = labelStyle(lines);
  const entries: RawEntry[] = [];
  let current: RawEntry | null = null;
  let next = 1;
  let end = lines.length;
  for (const [index, line] of lines.entries()) {
    if (isHeading(line.text)) continue;
    if (current && endsSection(line.text)) {
      end = index;
      break;
    }
    const match = style?.exec(line.text);
    if (style && match && Number(match[1]) === next) {
      current = { raw: line.text.slice(match[0].length), label: next++, page: line.page };
      entries.push(current);
    } else if (!style && (current === null || opensEntry(current.raw, line.text))) {
      current = { raw: line.text, label: null, page: line.page };
      entries.push(current);
    } else if (current) {
      current.raw = joinLine(current.raw, line.text);
    }
  }
  const cleaned = entries
    .map((entry) => ({ ...entry, raw: entry.raw.replace(/\s+/g, ' ').trim() }))
    .filter((entry) => entry.raw.length > 0);
  return { entries: cleaned, end, numbered: style !== null };
}
