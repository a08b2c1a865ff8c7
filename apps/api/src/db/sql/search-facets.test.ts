import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { rowsOf } from '../execute-result';
import { facetQuery, MAX_FACETS, yearFacets } from './search-facets';

// docs/search.md#filters-in-the-index
describe('yearFacets', () => {
  it('tiles a range with the fewest aligned blocks, at most two of each size', () => {
    expect(yearFacets(2010, 2012)).toEqual(['years 2010-2011', 'years 2012-2012']);
    expect(yearFacets(2011, 2011)).toEqual(['years 2011-2011']);
    expect(yearFacets(1900, 2155)).toEqual(['years 1900-2027', 'years 2028-2155']);
    expect(yearFacets(2008, 2023)).toEqual(['years 2008-2011', 'years 2012-2019', 'years 2020-2023']);
  });

  it("reaches past 1900 and 2155 with 'early' and 'late', so an open range is a few blocks", () => {
    expect(yearFacets(2018, undefined)).toEqual([
      'years 2018-2019',
      'years 2020-2027',
      'years 2028-2155',
      'years late',
    ]);
    expect(yearFacets(undefined, 2005)).toEqual([
      'years early',
      'years 1900-1963',
      'years 1964-1995',
      'years 1996-2003',
      'years 2004-2005',
    ]);
    expect(yearFacets(1850, 1860)).toEqual(['years early']);
    expect(yearFacets(2200, undefined)).toEqual(['years late']);
  });

  it('never needs more than two blocks of a size, whatever the range', () => {
    for (let from = 1895; from <= 2160; from += 7) {
      for (let to = from; to <= 2160; to += 11) {
        const sizes = yearFacets(from, to)
          .filter((facet) => /^years \d/.test(facet))
          .map((facet) => facet.split(/[ -]/).map(Number))
          .map(([, first = 0, last = 0]) => last - first + 1);
        for (const size of new Set(sizes)) expect(sizes.filter((s) => s === size).length).toBeLessThanOrEqual(2);
      }
    }
  });

  it('is empty for a range that ends before it starts', () => {
    expect(yearFacets(2012, 2011)).toEqual([]);
  });
});

describe('facetQuery', () => {
  it('leaves out a group of more than MAX_FACETS lexemes (the row filter alone decides it)', () => {
    expect(yearFacets(undefined, 2005).length).toBeGreaterThan(MAX_FACETS);
    expect(facetQuery({ categories: null, to: '2005-01-01' })).toBeUndefined();
    expect(facetQuery({ categories: null })).toBeUndefined();
  });
});

describe.each(testDrivers())("paper_facets against the filters' facets (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const dates = ['0099-06-01', '1899-12-31', '1900-01-01', '1909-12-31', '1910-01-01', '2009-12-31', '2010-01-01'];
  dates.push('2019-12-31', '2020-01-01', '2027-12-31', '2028-01-01', '2155-12-31', '2156-01-01', '2300-05-05');
  const ranges: Array<[string | undefined, string | undefined]> = [
    ['1899-12-31', '1900-01-01'],
    [undefined, '1899-12-31'],
    ['2010-01-01', undefined],
    ['2000-03-01', '2009-12-31'],
    ['1900-01-01', '2099-12-31'],
    ['2009-06-01', '2020-06-01'],
    ['1905-01-01', '2013-01-01'],
    ['2100-01-01', undefined],
    ['2027-06-01', '2028-06-01'],
    ['2156-01-01', undefined],
    [undefined, '2019-12-31'],
  ];

  // The facets only narrow what the index hands out (each row is checked against the dates too), so
  // a paper in range must hold one; before 1900 and after 2155 a facet stands for every such year.
  it.each(ranges)('a paper published in a year from %s to %s holds one of their facets', async (from, to) => {
    // Every block, however many (facetQuery leaves a long list to the row filter).
    const blocks = yearFacets(from ? Number(from.slice(0, 4)) : undefined, to ? Number(to.slice(0, 4)) : undefined);
    const query = sql`${blocks.map((block) => `'${block}'`).join(' | ')}::tsquery`;
    const rows = rowsOf<{ date: string; inside: boolean }>(
      await t.db.execute(sql`select d::text as date, paper_facets('{}'::text[], d) @@ ${query} as inside
        from unnest(${sql.param(dates)}::date[]) as d`),
    );
    const yearOf = (date: string) => Number(date.slice(0, 4));
    const inYears = (year: number) => (!from || year >= yearOf(from)) && (!to || year <= yearOf(to));
    const expected = (date: string) => {
      const year = yearOf(date);
      if (year < 1900) return !from || yearOf(from) < 1900;
      if (year > 2155) return !to || yearOf(to) > 2155;
      return inYears(year);
    };
    expect(rows.map((row) => [row.date, row.inside])).toEqual(dates.map((date) => [date, expected(date)]));
  });

  it('matches a category exactly as the corpus spells it, quotes and all, and needs both a category and a year', async () => {
    const query = facetQuery({ categories: ["o'neil.X", 'cs.LG'], from: '2011-02-02', to: '2011-03-03' });
    const held = async (categories: string[], date: string | null) => {
      const [row] = rowsOf<{ inside: boolean }>(
        await t.db.execute(
          sql`select paper_facets(${sql.param(categories)}::text[], ${date}::date) @@ ${query} as inside`,
        ),
      );
      return row?.inside;
    };
    expect(await held(["o'neil.X"], '2011-12-31')).toBe(true);
    expect(await held(['math.CO', 'cs.LG'], '2011-01-01')).toBe(true);
    expect(await held(['cs.lg'], '2011-01-01')).toBe(false);
    expect(await held(['cs.LG'], '2012-01-01')).toBe(false);
    expect(await held(['cs.LG'], null)).toBe(false);
  });

  // The index on the ranked document was built with the function as it was when it was created: any
  // later body must give every paper the same lexemes, or the index no longer agrees with its rows.
  it('gives a paper exactly its categories, their archives and its eight year blocks', async () => {
    const lexemes = async (categories: Array<string | null> | null, date: string | null) => {
      const [row] = rowsOf<{ lexemes: string[] }>(
        await t.db.execute(
          sql`select tsvector_to_array(paper_facets(${categories === null ? null : sql.param(categories)}::text[], ${date}::date)) as lexemes`,
        ),
      );
      return row?.lexemes;
    };
    // 2011 is year 111 from 1900: the blocks of 1, 2, 4, ... 128 years that hold it, aligned from 1900.
    const blocks = ['2011-2011', '2010-2011', '2008-2011', '2004-2011', '1996-2011', '1996-2027', '1964-2027'];
    expect(await lexemes(['cs.LG', '', null, 'cs.AI', 'hep-th', 'cs.LG'], '2011-06-30')).toEqual(
      [
        'archive cs',
        'archive hep-th',
        'category cs.AI',
        'category cs.LG',
        'category hep-th',
        ...blocks.map((block) => `years ${block}`),
        'years 1900-2027',
      ].sort(),
    );
    expect(await lexemes(null, null)).toEqual([]);
    expect(await lexemes([], '1899-12-31')).toEqual(['years early']);
    expect(await lexemes(["o'neil.X"], '2156-01-01')).toEqual(["archive o'neil", "category o'neil.X", 'years late']);
  });

  it('matches more than MAX_FACETS categories by their archives', async () => {
    const query = facetQuery({ categories: ['math.CO', 'math.PR', 'math.AG', 'math.NT', 'hep-th'] });
    const held = async (categories: string[]) => {
      const [row] = rowsOf<{ inside: boolean }>(
        await t.db.execute(sql`select paper_facets(${sql.param(categories)}::text[], null) @@ ${query} as inside`),
      );
      return row?.inside;
    };
    expect(await held(['math.QA'])).toBe(true);
    expect(await held(['cs.LG', 'hep-th'])).toBe(true);
    expect(await held(['math-ph'])).toBe(false);
    expect(await held(['hep-ph'])).toBe(false);
  });
});
