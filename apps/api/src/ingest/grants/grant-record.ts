import type { TGrantKind } from '@paperbench/contract';

/** docs/grants.md#fields: one grant as the grants table stores it (camelCase, as Drizzle maps the columns). */
export interface NewGrant {
  source: string;
  sourceId: string;
  kind: TGrantKind;
  title: string;
  abstract: string | null;
  agency: string;
  organisation: string | null;
  pi: string | null;
  amount: number | null;
  currency: string;
  startDate: string | null;
  endDate: string | null;
  closeDate: string | null;
  keywords: string[];
  url: string | null;
}

/** The sources' names in the grants table; the sample's long names map to these. */
export const GRANT_SOURCES = {
  nih_reporter: 'nih',
  nsf_awards_api: 'nsf',
  neh_open_data: 'neh',
  usaspending: 'usaspending',
  federal_reporter: 'federal_reporter',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and other C0 controls are what this strips
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFEFF]/g;

/** Text as stored: NUL, stray controls and byte-order marks removed, white space trimmed; blank is null. */
export function cleanText(value: unknown, maxLength = 100_000): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL, '').trim();
  return text ? text.slice(0, maxLength) : null;
}

/** A date the sources spell as YYYY-MM-DD, an ISO date-time, or MM/DD/YYYY; anything else is null. */
export function cleanDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let iso: string | null = null;
  const isoMatch = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (isoMatch) iso = `${isoMatch[1]}-${isoMatch[2]}-${isoMatch[3]}`;
  const usMatch = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (usMatch) iso = `${usMatch[3]}-${usMatch[1]?.padStart(2, '0')}-${usMatch[2]?.padStart(2, '0')}`;
  if (!iso) return null;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A non-negative finite amount from a number or a numeric string; anything else is null. */
export function cleanAmount(value: unknown): number | null {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? amount : null;
}

/** Distinct non-blank strings, at most `max`. */
export function cleanList(value: unknown, max = 50): string[] {
  if (!Array.isArray(value)) return [];
  const items = value.map((item) => cleanText(item, 500)).filter((item): item is string => item !== null);
  return [...new Set(items)].slice(0, max);
}

/** An http(s) URL or null. */
export function cleanUrl(value: unknown): string | null {
  const text = cleanText(value, 2000);
  return text && /^https?:\/\//i.test(text) ? text : null;
}

/** Why a record cannot be stored, or null when it can. */
export function grantProblem(grant: Partial<NewGrant>): string | null {
  if (!grant.sourceId) return 'no id';
  if (!grant.title) return 'no title';
  if (!grant.agency) return 'no agency';
  return null;
}

/**
 * The sample's `id` is the source's award number, which is not always one record's: USAspending repeats an award
 * id across agencies (its `generated_internal_id` is unique), and Federal RePORTER has one record per project
 * and fiscal year. Keyed so, the sample's 2,313 records stay 2,313 rows.
 */
function sampleSourceId(source: string, r: Record<string, unknown>): string {
  const id = cleanText(r.id, 200) ?? '';
  const raw = typeof r.raw === 'object' && r.raw !== null ? (r.raw as Record<string, unknown>) : {};
  if (source === 'usaspending') return cleanText(raw.generated_internal_id, 200) ?? id;
  if (source === 'federal_reporter' && typeof r.fiscal_year === 'number' && id) return `${id}-FY${r.fiscal_year}`;
  return id;
}

/**
 * A line of the shipped sample (/work/shared/data/README.md §4 fields: source, id, title, abstract, agency,
 * institution, investigators[], amount_usd, start_date, end_date, keywords[], url): every one is a funded award.
 */
export function grantFromSampleRecord(record: unknown): NewGrant | string {
  if (typeof record !== 'object' || record === null) return 'not a JSON object';
  const r = record as Record<string, unknown>;
  const source = GRANT_SOURCES[r.source as keyof typeof GRANT_SOURCES] ?? cleanText(r.source, 40);
  if (!source) return 'no source';
  const grant: NewGrant = {
    source,
    sourceId: sampleSourceId(source, r),
    kind: 'award',
    title: cleanText(r.title, 2000) ?? '',
    abstract: cleanText(r.abstract),
    agency: cleanText(r.agency, 200) ?? '',
    organisation: cleanText(r.institution, 500),
    pi: cleanList(r.investigators, 20).join('; ') || null,
    amount: cleanAmount(r.amount_usd),
    currency: 'USD',
    startDate: cleanDate(r.start_date),
    endDate: cleanDate(r.end_date),
    closeDate: null,
    keywords: cleanList(r.keywords),
    url: cleanUrl(r.url),
  };
  return grantProblem(grant) ?? grant;
}
