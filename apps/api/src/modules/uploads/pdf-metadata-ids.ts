/**
 * Identifiers and dates printed on a PDF's first pages (docs/uploads.md#metadata-from-the-pdf): the
 * DOI, the arXiv stamp in the margin and a publication date.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTHS_PT_ES = [
  'jan|ene',
  'fev|feb',
  'mar',
  'abr',
  'mai|may',
  'jun',
  'jul',
  'ago',
  'set|sep',
  'out|oct',
  'nov',
  'dez|dic',
];

const monthNumber = (word: string): number | undefined => {
  const lower = word.toLowerCase().slice(0, 3);
  const english = MONTHS.indexOf(lower);
  if (english >= 0) return english + 1;
  const other = MONTHS_PT_ES.findIndex((names) => names.split('|').includes(lower));
  return other >= 0 ? other + 1 : undefined;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A plausible publication year: not before printed journals, not far in the future. */
export const plausibleYear = (year: number) => year >= 1800 && year <= new Date().getUTCFullYear() + 1;

/** 'YYYY-MM-DD' from day, month name and year ("20 May 2020", "May 20, 2020", "20 de maio de 2020"). */
export function dateFromWords(text: string): string | null {
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:de\s+)?([A-Za-zç]{3,})\.?,?\s+(?:de\s+)?(\d{4})\b/.exec(text);
  const monthFirst = /\b([A-Za-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  const candidates = [
    dayFirst && { day: Number(dayFirst[1]), month: dayFirst[2] ?? '', year: Number(dayFirst[3]), at: dayFirst.index },
    monthFirst && {
      day: Number(monthFirst[2]),
      month: monthFirst[1] ?? '',
      year: Number(monthFirst[3]),
      at: monthFirst.index,
    },
  ]
    .filter((c) => c !== null)
    .sort((p, q) => p.at - q.at);
  for (const { day, month, year } of candidates) {
    const number = monthNumber(month);
    if (number && day >= 1 && day <= 31 && plausibleYear(year)) return `${year}-${pad(number)}-${pad(day)}`;
  }
  const monthYear = /\b([A-Za-z]{3,})\.?\s+(\d{4})\b/.exec(text);
  const number = monthYear && monthNumber(monthYear[1] ?? '');
  if (monthYear && number && plausibleYear(Number(monthYear[2]))) return `${monthYear[2]}-${pad(number)}-01`;
  return null;
}

/** A DOI as printed: `10.\d{4,9}/…` with trailing punctuation trimmed (requirements §9 keeps DOIs as printed). */
const DOI_PATTERN = /\b10\.\d{4,9}\/[^\s"<>]+/g;

export function cleanDoi(raw: string): string {
  let doi = raw.replace(/[.,;:'"’”)\]}>]+$/, '');
  // A closing bracket that the DOI itself opened stays: 10.1002/(SICI)1097-4636(199603)31:3<…>.
  if (raw.length > doi.length && (doi.match(/\(/g)?.length ?? 0) > (doi.match(/\)/g)?.length ?? 0)) {
    doi = raw.slice(0, doi.length + 1);
  }
  return doi;
}

/**
 * The paper's own DOI: the one printed most often on the first pages, a labelled one ("DOI",
 * doi.org) counting double, the earliest winning a tie. References cite other DOIs once each.
 */
export function findDoi(texts: readonly string[]): string | null {
  const score = new Map<string, { shown: string; score: number; first: number }>();
  let position = 0;
  for (const text of texts) {
    for (const match of text.matchAll(DOI_PATTERN)) {
      const shown = cleanDoi(match[0]);
      if (!/\/./.test(shown)) continue;
      const key = shown.toLowerCase();
      const before = text.slice(Math.max(0, match.index - 20), match.index).toLowerCase();
      const labelled = /doi[:\s]*$|doi\.org\/$/.test(before);
      const entry = score.get(key) ?? { shown, score: 0, first: position + match.index };
      entry.score += labelled ? 2 : 1;
      score.set(key, entry);
    }
    position += text.length + 1;
  }
  // A DOI glued to the word after it ("…e227169TransInformação") is another DOI printed cleanly elsewhere
  // with text after it: its count goes to the clean one.
  for (const [key, entry] of score) {
    const clean = [...score.keys()].find(
      (other) => other !== key && key.startsWith(other) && /^\p{L}/u.test(key.slice(other.length)),
    );
    const target = clean === undefined ? undefined : score.get(clean);
    if (!target) continue;
    target.score += entry.score;
    score.delete(key);
  }
  const best = [...score.values()].sort((p, q) => q.score - p.score || p.first - q.first)[0];
  return best?.shown ?? null;
}

export interface ArxivStamp {
  id: string;
  published: string | null;
}

/** arXiv's margin stamp, `arXiv:2004.07180v4 [cs.CL] 20 May 2020`: the id without version, and the date. */
export function findArxivStamp(texts: readonly string[]): ArxivStamp | null {
  for (const text of texts) {
    const stamp =
      /arXiv:\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?\s*(?:\[[^\]\n]{1,30}\])?\s*((?:\d{1,2}\s+[A-Za-z]{3,9}\s+\d{4}))?/.exec(
        text,
      );
    if (stamp?.[1]) return { id: stamp[1], published: stamp[3] ? dateFromWords(stamp[3]) : null };
  }
  return null;
}

/** Phrases that put a date next to the publication, best first; "Received" is the last resort. */
const DATED_PHRASES = [
  /\b(?:published(?:\s+online)?|publicado(?:\s+em)?|this version posted|date of publication)\s*(?:on\s*)?[:\s]\s*([^\n]{6,40})/i,
  /\b(?:accepted|approved|aceito|aprovado|aceptado)\s*(?:on|em|el)?\s*[:\s]\s*([^\n]{6,40})/i,
];

/** A publication date printed on page 1, or its year; null when there is none. */
export function findPrintedDate(lines: readonly string[]): { date: string; exact: boolean } | null {
  const text = lines.join('\n');
  for (const phrase of DATED_PHRASES) {
    const match = phrase.exec(text);
    const date = match?.[1] ? dateFromWords(match[1]) : null;
    if (date) return { date, exact: true };
  }
  // "© 2016", "(c) 2016", "Copyright 2016", a citation line "…, 33:e200068, 2021" or "(2016) 13:22".
  const years = new Map<number, number>();
  for (const line of lines) {
    for (const match of line.matchAll(/(?:©|\(c\)|copyright|c©)\s*(\d{4})\b/gi)) count(years, Number(match[1]), 3);
    for (const match of line.matchAll(/(?:\((\d{4})\)\s*\d+\s*:|,\s*(\d{4})\.?$|\bv\.\s*\d+.*\b(\d{4})\.?$)/g)) {
      count(years, Number(match[1] ?? match[2] ?? match[3]), 1);
    }
  }
  const received = /\breceived\b[^\n]{0,20}?([^\n]{6,40})/i.exec(text);
  const receivedDate = received?.[1] ? dateFromWords(received[1]) : null;
  const best = [...years].filter(([year]) => plausibleYear(year)).sort((p, q) => q[1] - p[1] || q[0] - p[0])[0];
  if (best) return { date: `${best[0]}-01-01`, exact: false };
  return receivedDate ? { date: receivedDate, exact: true } : null;
}

function count(map: Map<number, number>, key: number, by: number) {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** A PDF date string (`D:20200502083329Z`) as 'YYYY-MM-DD', or null. */
export function pdfDate(value: string | undefined): string | null {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?/.exec(value?.trim() ?? '');
  if (!match || !plausibleYear(Number(match[1]))) return null;
  const month = Number(match[2] ?? 1);
  const day = Number(match[3] ?? 1);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${match[1]}-${pad(month)}-${pad(day)}`;
}
