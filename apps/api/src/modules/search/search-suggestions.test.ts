import type { TSearchSuggestion } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('search suggestions (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // Invented words keep these titles apart from the fixture corpus.
    await buildPaper(t.db, { paperId: 'z.mid', title: 'Antizorbix theory' });
    await buildPaper(t.db, { paperId: 'z.word', title: 'On zorbix\n  flows' });
    await buildPaper(t.db, { paperId: 'z.prefix', title: 'Zorbix methods for lattices' });
    for (let i = 0; i < 10; i += 1) await buildPaper(t.db, { paperId: `y.${i}`, title: `Yarrowquin part ${i}` });
  });
  afterAll(() => t.close());

  const suggest = async (q?: string) => {
    const url =
      q === undefined
        ? '/api/conversational/search_suggestions'
        : `/api/conversational/search_suggestions?q=${encodeURIComponent(q)}`;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return (response.json() as { suggestions: TSearchSuggestion[] }).suggestions;
  };
  const searchFor = async (query: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query } });
    expect(response.statusCode).toBe(200);
  };
  const texts = (suggestions: TSearchSuggestion[]) => suggestions.map((s) => s.text);

  it('completes titles: starting with the text first, then with a word starting with it', async () => {
    expect(await suggest('ZORBIX')).toEqual([
      { text: 'Zorbix methods for lattices', kind: 'title' },
      // Line breaks and runs of spaces inside a title come back as single spaces.
      { text: 'On zorbix flows', kind: 'title' },
    ]);
  });

  it('falls back to look-alike titles when no title starts a word with the text (a typo)', async () => {
    expect(texts(await suggest('zorbbix'))).toEqual(
      expect.arrayContaining(['Zorbix methods for lattices', 'On zorbix flows']),
    );
  });

  it('offers distinct titles, however many papers share one', async () => {
    // More papers of one title than the sample of title starts, which come in alphabetical order.
    for (let i = 0; i < 210; i += 1) await buildPaper(t.db, { paperId: `p.alpha.${i}`, title: 'Plumvex alpha' });
    await buildPaper(t.db, { paperId: 'p.beta', title: 'Plumvex beta' });
    await buildPaper(t.db, { paperId: 'p.gamma', title: 'Plumvex gamma rays' });
    expect(texts(await suggest('plumvex'))).toEqual(['Plumvex beta', 'Plumvex alpha', 'Plumvex gamma rays']);
  });

  it('returns at most 8 suggestions', async () => {
    const suggestions = await suggest('yarrowquin');
    expect(suggestions).toHaveLength(8);
    expect(suggestions.every((s) => s.kind === 'title' && s.text.startsWith('Yarrowquin part'))).toBe(true);
  });

  it('puts queries searched at least twice first, normalised, deduplicated against titles', async () => {
    await searchFor('  Zorbix   FLOWS ');
    await searchFor('zorbix flows');
    await searchFor('zorbix flows');
    await searchFor('zorbix methods for lattices');
    await searchFor('Zorbix Methods for Lattices');
    await searchFor('zorbix lattices');
    // The writes are not awaited by search (they never delay it), so wait for them to land.
    const popularOf = async (q: string) => (await suggest(q)).filter((s) => s.kind === 'query');
    await vi.waitFor(async () => expect(await popularOf('zorb')).toHaveLength(2));
    const suggestions = await suggest('zorb');
    expect(suggestions.slice(0, 2)).toEqual([
      { text: 'zorbix flows', kind: 'query' },
      { text: 'zorbix methods for lattices', kind: 'query' },
    ]);
    // Searched once: not yet popular. The title equal to a popular query appears once.
    expect(texts(suggestions)).not.toContain('zorbix lattices');
    expect(texts(suggestions).filter((s) => s.toLowerCase() === 'zorbix methods for lattices')).toHaveLength(1);
  });

  it('never suggests a query that found nothing', async () => {
    await searchFor('zorbixqqq nothing');
    await searchFor('zorbixqqq nothing');
    await searchFor('zorbix flows');
    await vi.waitFor(async () => expect(texts(await suggest(''))[0]).toBe('zorbix flows'));
    expect(texts(await suggest(''))).not.toContain('zorbixqqq nothing');
    expect(texts(await suggest('zorbixq'))).not.toContain('zorbixqqq nothing');
  });

  it('answers a blank or absent q with the most popular queries, most searched first', async () => {
    expect(await suggest()).toEqual(await suggest('   '));
    const popular = await suggest();
    expect(popular.every((s) => s.kind === 'query')).toBe(true);
    expect(texts(popular).slice(0, 2)).toEqual(['zorbix flows', 'zorbix methods for lattices']);
  });

  it('completes one or two characters from popular queries only', async () => {
    const suggestions = await suggest('zo');
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.kind === 'query')).toBe(true);
  });

  it('treats LIKE wildcards in the text literally', async () => {
    expect(await suggest('zorb%x')).toEqual([]);
    expect(await suggest('____')).toEqual([]);
  });

  it('accepts q of 200 characters and refuses 201 with a clear message', async () => {
    await suggest('x'.repeat(200));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/conversational/search_suggestions?q=${'x'.repeat(201)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'INVALID_REQUEST',
      message: expect.stringContaining('q must be at most 200 characters'),
      details: { fields: [expect.objectContaining({ in: 'query', field: 'q' })] },
    });
  });
});
