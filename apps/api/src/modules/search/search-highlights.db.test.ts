import type { TSearchResponse } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/execute-result';
import { ENGLISH_LEXEMES } from '../../test-support/english-lexemes';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { lexemesOfWords } from './word-lexemes.repo';

/**
 * docs/search.md#highlights: the words a page marks are the database's own reading of the query. Each
 * paper holds an invented word (`zyxquor`) so the queries find only it.
 */
const PAPERS = [
  {
    paperId: 'hl.stems',
    title: 'Graph-based zyxquor networks of Networks',
    abstract:
      "We study zyxquor graphs: a graph-theoretic view of networking, the network's graphs and GRAPHS in $G=(V,E)$. " +
      'The dying modes die out; relational data relate.',
  },
  {
    paperId: 'hl.tokens',
    title: 'Zyxquor X-ray spectra and the AdS/CFT duality',
    abstract:
      'X-ray flux at 10.5 keV, a 3D map and 2D materials; Schrödinger operators, naïve bounds, ' +
      'state-of-the-art $O(n \\log n)$ sorting and well-posedness of the AdS/CFT correspondence.',
  },
];

const QUERIES = [
  'zyxquor graph',
  'zyxquor networks',
  'zyxquor "graph-based"',
  'zyxquor die relate',
  'zyxquor x-ray',
  'zyxquor ads/cft',
  'zyxquor 10.5',
  'zyxquor 3d 2d',
  'zyxquor schrödinger naïve',
  'zyxquor state-of-the-art',
  'zyxquor log',
  'zyxquor well-posedness',
  'zyxquor OR spectra',
  '"zyxquor networks" -duality',
];

describe.each(testDrivers())('search highlights (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    for (const paper of PAPERS) await buildPaper(t.db, paper);
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query } });
    expect(response.statusCode).toBe(200);
    return response.json() as TSearchResponse;
  };

  /** What ts_headline (HighlightAll) marks in `text` for the query, as offsets. */
  async function headlineRanges(text: string, query: string): Promise<[number, number][]> {
    const [row] = rowsOf<{ marked: string }>(
      await t.db.execute(
        sql`select ts_headline('english', ${text}, websearch_to_tsquery('english', ${query}), 'HighlightAll=true, StartSel=<<<, StopSel=>>>') as marked`,
      ),
    );
    const ranges: [number, number][] = [];
    const pieces = (row?.marked ?? '').split(/(<<<|>>>)/);
    let at = 0;
    let start = 0;
    for (const piece of pieces) {
      if (piece === '<<<') start = at;
      else if (piece === '>>>') ranges.push([start, at]);
      else at += piece.length;
    }
    return ranges;
  }

  it.each(QUERIES)('marks what ts_headline marks: %s', async (query) => {
    const { results } = await search(query);
    expect(results.length).toBeGreaterThan(0);
    for (const hit of results) {
      expect(hit.highlights.title).toEqual(await headlineRanges(hit.title, query));
      expect(hit.highlights.abstract).toEqual(await headlineRanges(hit.abstract ?? '', query));
      expect(hit.highlights.title.length + hit.highlights.abstract.length).toBeGreaterThan(0);
    }
  });

  it('marks the parts of a run the parser reads whole as a path (UV/X-ray), where ts_headline marked none', async () => {
    await buildPaper(t.db, {
      paperId: 'hl.path',
      title: 'Zyxquor ray optics',
      abstract: 'Oscillators in UV/X-ray bands.',
    });
    const [hit] = (await search('zyxquor ray optics')).results;
    expect(hit?.paper_id).toBe('hl.path');
    const abstract = hit?.abstract ?? '';
    expect(hit?.highlights.abstract.map(([start, end]) => abstract.slice(start, end))).toEqual(['ray']);
    expect(await headlineRanges(abstract, 'zyxquor ray')).toEqual([]);
  });

  it('knows the lexemes of a word once looked up, and asks the database only about new words', async () => {
    const words = Object.keys(ENGLISH_LEXEMES);
    const first = await lexemesOfWords(t.db, words);
    // The lexemes the unit tests take for granted, and none for a stop word.
    expect(Object.fromEntries(first)).toEqual(ENGLISH_LEXEMES);
    const execute = vi.spyOn(t.db, 'execute');
    try {
      expect(await lexemesOfWords(t.db, words)).toEqual(first);
      expect(execute).not.toHaveBeenCalled();
      expect((await lexemesOfWords(t.db, ['graphs', 'quasars'])).get('quasars')).toEqual(['quasar']);
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });
});
