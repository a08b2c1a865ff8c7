import type { TStructuredQuery } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { chipDraft, chipLabel, chipsOf, isLastWord, withChip, withoutChip } from './query-chips-model';

const query: TStructuredQuery = {
  terms: ['protein', 'language'],
  phrases: ['enzyme design'],
  categories: ['q-bio.BM'],
  date_from: '2020-01-01',
  date_to: '2023-06-30',
  exclude: ['review'],
};

describe('query chips (docs/ai.md#conversational-search)', () => {
  it('shows one chip per part of the query, date bounds as years when they span whole years', () => {
    expect(chipsOf(query).map(chipLabel)).toEqual([
      'protein',
      'language',
      '“enzyme design”',
      'q-bio.BM',
      'since 2020',
      'until Jun 30, 2023',
      'not review',
    ]);
    const [from, to] = chipsOf(query).filter((chip) => chip.kind === 'from' || chip.kind === 'to');
    expect(from && chipDraft(from)).toBe('2020');
    expect(to && chipDraft(to)).toBe('2023-06-30');
  });

  it('reads a typed year as the first or last day of it, and a date as it is', () => {
    expect(withChip(query, 'from', ' 2019 ', 0)).toEqual({ ok: true, query: { ...query, date_from: '2019-01-01' } });
    expect(withChip(query, 'to', '2024', 0)).toEqual({ ok: true, query: { ...query, date_to: '2024-12-31' } });
    expect(withChip(query, 'to', '2024-02-29', 0)).toEqual({ ok: true, query: { ...query, date_to: '2024-02-29' } });
  });

  it.each([
    ['from', 'last year', 'Type a year such as 2018, or a date such as 2018-06-01.'],
    ['to', '2023-02-30', 'Type a year such as 2018, or a date such as 2018-06-01.'],
    ['to', '2019', 'The start year must not be after the end year.'],
    ['category', 'computer science', 'a category looks like cs.CL, or an archive such as math'],
    ['term', '   ', 'Type a word first.'],
    ['exclude', 'x'.repeat(101), 'Keep it to 100 characters.'],
    ['term', 'Protein', 'That is in the query already.'],
  ] as const)('refuses a %s of %j: %s', (kind, typed, error) => {
    expect(withChip(query, kind, typed, Number.MAX_SAFE_INTEGER)).toEqual({ ok: false, error });
  });

  it('edits a chip in place, adds one at the end of its list, and merges an edit into its twin', () => {
    expect(withChip(query, 'term', 'protein  models', 1)).toEqual({
      ok: true,
      query: { ...query, terms: ['protein', 'protein models'] },
    });
    expect(withChip(query, 'category', 'cs.LG', Number.MAX_SAFE_INTEGER)).toEqual({
      ok: true,
      query: { ...query, categories: ['q-bio.BM', 'cs.LG'] },
    });
    expect(withChip(query, 'term', 'PROTEIN', 1)).toEqual({ ok: true, query: { ...query, terms: ['protein'] } });
  });

  it('removes any chip but the last word or phrase', () => {
    const chips = chipsOf(query);
    const exclusion = chips.find((chip) => chip.kind === 'exclude');
    const since = chips.find((chip) => chip.kind === 'from');
    expect(exclusion && withoutChip(query, exclusion)).toEqual({ ok: true, query: { ...query, exclude: [] } });
    expect(since && withoutChip(query, since)).toEqual({ ok: true, query: { ...query, date_from: null } });

    const single: TStructuredQuery = { ...query, terms: ['protein'], phrases: [] };
    const [word] = chipsOf(single);
    expect(word && isLastWord(single, word)).toBe(true);
    expect(word && withoutChip(single, word)).toEqual({
      ok: false,
      error: 'A search needs at least one word or phrase.',
    });
  });
});
