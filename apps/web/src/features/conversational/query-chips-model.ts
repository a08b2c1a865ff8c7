import { type TStructuredQuery, ZCategoryFilter, ZStructuredQuery } from '@paperbench/contract';
import { formatPaperDate } from '../../lib/paper-format';

/**
 * The structured query of a conversational answer as chips (docs/ai.md#conversational-search): one
 * chip per term, phrase, category, date bound and exclusion, each editable and removable.
 */
export const CHIP_KINDS = ['term', 'phrase', 'category', 'from', 'to', 'exclude'] as const;
export type TChipKind = (typeof CHIP_KINDS)[number];

export type TChip = { kind: TChipKind; value: string; index: number };

/** What each kind is called: in the add form's menu and in the chips' accessible names. */
export const CHIP_KIND_NAMES: Record<TChipKind, string> = {
  term: 'Word',
  phrase: 'Exact phrase',
  category: 'Category',
  from: 'Published since',
  to: 'Published until',
  exclude: 'Exclude',
};

export const CHIP_PLACEHOLDERS: Record<TChipKind, string> = {
  term: 'e.g. transformers',
  phrase: 'e.g. graph neural network',
  category: 'e.g. cs.LG or math',
  from: 'a year (2018) or a date (2018-06-01)',
  to: 'a year (2022) or a date (2022-06-30)',
  exclude: 'e.g. survey',
};

/** What an empty box is told. */
const EMPTY_ERRORS: Record<TChipKind, string> = {
  term: 'Type a word first.',
  phrase: 'Type a phrase first.',
  category: 'Type a category first.',
  from: 'Type a year such as 2018, or a date such as 2018-06-01.',
  to: 'Type a year such as 2018, or a date such as 2018-06-01.',
  exclude: 'Type a word to exclude first.',
};

const LIST_FIELD = { term: 'terms', phrase: 'phrases', category: 'categories', exclude: 'exclude' } as const;

export function chipsOf(query: TStructuredQuery): TChip[] {
  const list = (kind: keyof typeof LIST_FIELD) =>
    query[LIST_FIELD[kind]].map((value, index): TChip => ({ kind, value, index }));
  return [
    ...list('term'),
    ...list('phrase'),
    ...list('category'),
    ...(query.date_from ? [{ kind: 'from' as const, value: query.date_from, index: 0 }] : []),
    ...(query.date_to ? [{ kind: 'to' as const, value: query.date_to, index: 0 }] : []),
    ...list('exclude'),
  ];
}

const isWholeYearStart = (date: string) => date.endsWith('-01-01');
const isWholeYearEnd = (date: string) => date.endsWith('-12-31');

/** The words a chip shows: "since 2018", "until Mar 14, 2020", "“graph neural network”", "not survey". */
export function chipLabel(chip: TChip): string {
  switch (chip.kind) {
    case 'phrase':
      return `“${chip.value}”`;
    case 'from':
      return `since ${isWholeYearStart(chip.value) ? chip.value.slice(0, 4) : formatPaperDate(chip.value)}`;
    case 'to':
      return `until ${isWholeYearEnd(chip.value) ? chip.value.slice(0, 4) : formatPaperDate(chip.value)}`;
    case 'exclude':
      return `not ${chip.value}`;
    default:
      return chip.value;
  }
}

/** What the edit box starts with: a date bound as its year when it spans whole years. */
export function chipDraft(chip: TChip): string {
  if (chip.kind === 'from' && isWholeYearStart(chip.value)) return chip.value.slice(0, 4);
  if (chip.kind === 'to' && isWholeYearEnd(chip.value)) return chip.value.slice(0, 4);
  return chip.value;
}

/** A typed date bound: a year means its first (since) or last (until) day; a date is taken as it is. */
function readDateBound(kind: 'from' | 'to', typed: string): string | null {
  if (/^\d{4}$/.test(typed)) return kind === 'from' ? `${typed}-01-01` : `${typed}-12-31`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(typed)) return null;
  const date = new Date(`${typed}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === typed ? typed : null;
}

export type TChipChange = { ok: true; query: TStructuredQuery } | { ok: false; error: string };

const fail = (error: string): TChipChange => ({ ok: false, error });

/** The query checked as the server will check it; the first problem said in a sentence. */
function checked(query: TStructuredQuery): TChipChange {
  if (query.terms.length === 0 && query.phrases.length === 0) {
    return fail('A search needs at least one word or phrase.');
  }
  const parsed = ZStructuredQuery.safeParse(query);
  if (parsed.success) return { ok: true, query };
  const issue = parsed.error.issues[0];
  return fail(
    issue?.path[0] === 'date_from'
      ? 'The start year must not be after the end year.'
      : (issue?.message ?? 'This query cannot be searched.'),
  );
}

/** The query with `chip` set to `typed` (a new chip when `chip.index` is past its list), or why not. */
export function withChip(query: TStructuredQuery, kind: TChipKind, typed: string, index: number): TChipChange {
  const value = typed.trim().replace(/\s+/g, ' ');
  if (value === '') return fail(EMPTY_ERRORS[kind]);
  if (kind === 'from' || kind === 'to') {
    const date = readDateBound(kind, value);
    if (!date) return fail('Type a year such as 2018, or a date such as 2018-06-01.');
    return checked(kind === 'from' ? { ...query, date_from: date } : { ...query, date_to: date });
  }
  if (kind === 'category') {
    const category = ZCategoryFilter.safeParse(value);
    if (!category.success) return fail(category.error.issues[0]?.message ?? 'Not a category.');
  }
  if (value.length > 100) return fail('Keep it to 100 characters.');
  const field = LIST_FIELD[kind];
  const list = [...query[field]];
  const duplicate = list.findIndex((entry, at) => at !== index && entry.toLowerCase() === value.toLowerCase());
  if (duplicate !== -1)
    return index < list.length
      ? checked({ ...query, [field]: list.filter((_, at) => at !== index) })
      : fail('That is in the query already.');
  list.splice(index, index < list.length ? 1 : 0, value);
  return checked({ ...query, [field]: list });
}

/** The query without `chip`; refused when it would leave nothing to search for. */
export function withoutChip(query: TStructuredQuery, chip: TChip): TChipChange {
  if (chip.kind === 'from') return checked({ ...query, date_from: null });
  if (chip.kind === 'to') return checked({ ...query, date_to: null });
  const field = LIST_FIELD[chip.kind];
  return checked({ ...query, [field]: query[field].filter((_, at) => at !== chip.index) });
}

/** Whether removing `chip` would leave the query with no word or phrase to search for. */
export function isLastWord(query: TStructuredQuery, chip: TChip): boolean {
  return (chip.kind === 'term' || chip.kind === 'phrase') && query.terms.length + query.phrases.length === 1;
}
