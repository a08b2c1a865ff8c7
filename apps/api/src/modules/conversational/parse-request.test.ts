import { ZStructuredQuery } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { parseConversation, parseRequest } from './parse-request';
import { normaliseQuery, relaxedSearchQueries, strictSearchQuery } from './structured-query';
import { offlineSuggestions, validSuggestions } from './suggestions';

const TODAY = new Date('2026-11-24T12:00:00Z');
const parse = (text: string, previous = null as ReturnType<typeof parseRequest> | null) =>
  parseRequest(text, previous, TODAY);

describe('parseRequest (offline)', () => {
  it('reads the issue example: topic words, no framing, "recent" as the corpus\'s last two years, an exclusion', () => {
    expect(parse('recent work on protein language models for enzyme design, not reviews')).toEqual({
      terms: ['protein', 'language', 'models', 'enzyme', 'design'],
      phrases: [],
      categories: [],
      date_from: '2024-11-24',
      date_to: null,
      exclude: ['reviews'],
    });
  });

  it('counts "recent" back from the newest paper of the corpus; an explicit period wins', () => {
    const newest = new Date('2019-12-31T00:00:00Z');
    const recent = (text: string) => parseRequest(text, null, TODAY, newest);
    expect(recent('the latest papers on graph neural networks')).toMatchObject({
      terms: ['graph', 'neural', 'networks'],
      date_from: '2017-12-31',
      date_to: null,
    });
    expect(recent('most recent work on parsing')).toMatchObject({ terms: ['parsing'], date_from: '2017-12-31' });
    expect(recent('recent parsing papers from 2010 to 2012')).toMatchObject({
      terms: ['parsing'],
      date_from: '2010-01-01',
      date_to: '2012-12-31',
    });
    expect(recent('parsing')).toMatchObject({ date_from: null });
  });

  it.each([
    ['graph neural networks since 2018', '2018-01-01', null],
    ['graph neural networks after 2018', '2019-01-01', null],
    ['graph neural networks from 2015 to 2019', '2015-01-01', '2019-12-31'],
    ['graph neural networks between 2019 and 2015', '2015-01-01', '2019-12-31'],
    ['graph neural networks 2015-2019', '2015-01-01', '2019-12-31'],
    ['graph neural networks before 2020', null, '2019-12-31'],
    ['graph neural networks until 2020', null, '2020-12-31'],
    ['graph neural networks in 2019', '2019-01-01', '2019-12-31'],
    ['graph neural networks from the last 5 years', '2021-11-24', null],
    ['graph neural networks 2017 onwards', '2017-01-01', null],
  ])('reads the date range of "%s"', (text, from, to) => {
    const query = parse(text);
    expect(query).toMatchObject({ date_from: from, date_to: to, terms: ['graph', 'neural', 'networks'] });
  });

  it('reads categories, one or several, in arXiv spelling', () => {
    expect(parse('parsing in cs.CL').categories).toEqual(['cs.CL']);
    expect(parse('parsing in cs.cl and stat.ML').categories).toEqual(['cs.CL', 'stat.ML']);
    expect(parse('dark matter halos in astro-ph.CO').categories).toEqual(['astro-ph.CO']);
    expect(parse('transformers in cs').categories).toEqual(['cs']);
    // An abbreviation is not a category; nor is a topic word ("in physics"), nor a negated category.
    expect(parse('attention, e.g. transformers').categories).toEqual([]);
    expect(parse('machine learning in physics').terms).toEqual(['machine', 'learning', 'physics']);
    expect(parse('segmentation not in cs.CV').categories).toEqual([]);
  });

  it.each([
    ['language models, not reviews', ['reviews']],
    ['language models excluding surveys', ['surveys']],
    ['language models -survey', ['survey']],
    ['language models without reinforcement learning', ['reinforcement learning']],
    ['language models but not surveys or benchmarks', ['surveys', 'benchmarks']],
    ['language models, no surveys since 2019', ['surveys']],
    ['language models -"question answering"', ['question answering']],
  ])('reads the exclusions of "%s"', (text, exclude) => {
    const query = parse(text);
    expect(query.exclude).toEqual(exclude);
    expect(query.terms).toEqual(['language', 'models']);
  });

  it('leaves a "not" inside a clause alone: it is no exclusion', () => {
    expect(parse('models that do not need labels')).toMatchObject({
      terms: ['models', 'labels'],
      exclude: [],
    });
  });

  it('keeps quoted phrases whole and drops stop words', () => {
    expect(parse('the "masked language model" objective for the proteins')).toMatchObject({
      phrases: ['masked language model'],
      terms: ['objective', 'proteins'],
    });
  });

  it('keeps topic words that look like framing elsewhere ("field")', () => {
    expect(parse('quantum field theory since 2005')).toMatchObject({
      terms: ['quantum', 'field', 'theory'],
      date_from: '2005-01-01',
    });
  });

  it('refines a previous query instead of starting over', () => {
    const first = parse('protein language models in cs.LG since 2018, not reviews');
    expect(first).toMatchObject({ categories: ['cs.LG'], date_from: '2018-01-01', exclude: ['reviews'] });
    const later = parse('only since 2019', first);
    expect(later).toEqual({ ...first, date_from: '2019-01-01' });
    const wider = parse('also in q-bio.BM', later);
    expect(wider.categories).toEqual(['cs.LG', 'q-bio.BM']);
    const narrower = parse('only in cs.CL', wider);
    expect(narrower.categories).toEqual(['cs.CL']);
    const without = parse('without protein', narrower);
    expect(without.terms).toEqual(['language', 'models']);
    expect(without.exclude).toEqual(['reviews', 'protein']);
    const focused = parse('focus on enzymes', without);
    expect(focused.terms).toEqual(['language', 'models', 'enzymes']);
    const before = parse('before 2018', focused);
    // A new upper bound before the lower one drops the lower one.
    expect(before).toMatchObject({ date_from: null, date_to: '2017-12-31' });
    expect(parse('any time', before)).toMatchObject({ date_from: null, date_to: null });
  });

  it('starts over when told to', () => {
    const first = parse('protein language models in cs.LG since 2018');
    expect(parse('new search: quantum error correction', first)).toMatchObject({
      terms: ['quantum', 'error', 'correction'],
      categories: [],
      date_from: null,
    });
  });

  it("reads a conversation without a previous query turn by turn, and refines the client's previous query", () => {
    const turns = [
      { role: 'user' as const, text: 'diffusion models for molecules' },
      { role: 'assistant' as const, text: 'Diffusion models generate 3D conformers [1].' },
      { role: 'user' as const, text: 'only since 2022' },
    ];
    expect(parseConversation(turns, undefined, TODAY)).toMatchObject({
      terms: ['diffusion', 'models', 'molecules'],
      date_from: '2022-01-01',
    });
    const edited = normaliseQuery({ terms: ['diffusion', 'molecules'], categories: ['physics.chem-ph'] });
    expect(parseConversation(turns, edited, TODAY)).toMatchObject({
      terms: ['diffusion', 'molecules'],
      categories: ['physics.chem-ph'],
      date_from: '2022-01-01',
    });
  });

  it('always gives a query the contract accepts, whatever the text', () => {
    const noisy = `${'word '.repeat(50)} "${'x'.repeat(300)}" -${'y'.repeat(150)} in cs.CL ${'z'.repeat(120)}`;
    expect(ZStructuredQuery.safeParse(parse(noisy)).success).toBe(true);
    expect(parse('since 2018')).toMatchObject({ terms: [], date_from: '2018-01-01' });
  });
});

describe('structured query as web-search syntax', () => {
  const query = normaliseQuery({
    terms: ['protein', 'enzyme'],
    phrases: ['language model'],
    exclude: ['review', 'deep learning'],
  });

  it('is strict first: every phrase and term, no excluded word', () => {
    expect(strictSearchQuery(query)).toBe('"language model" protein enzyme -review -"deep learning"');
  });

  it('relaxes to any term, repeating phrases and exclusions in each OR branch', () => {
    expect(relaxedSearchQueries(query)).toEqual([
      '"language model" protein -review -"deep learning" OR "language model" enzyme -review -"deep learning"',
    ]);
    expect(relaxedSearchQueries(normaliseQuery({ terms: ['protein'] }))).toEqual([]);
  });

  it('relaxes 3-6 terms to any two of them first', () => {
    expect(relaxedSearchQueries(normaliseQuery({ terms: ['a1', 'b2', 'c3'], exclude: ['x'] }))).toEqual([
      'a1 b2 -x OR a1 c3 -x OR b2 c3 -x',
      'a1 -x OR b2 -x OR c3 -x',
    ]);
    const many = normaliseQuery({ terms: ['t1', 't2', 't3', 't4', 't5', 't6', 't7'] });
    expect(relaxedSearchQueries(many)).toEqual(['t1 OR t2 OR t3 OR t4 OR t5 OR t6 OR t7']);
  });

  it('normalises edited chips: search syntax out, duplicates out, an excluded term out, dates ordered', () => {
    expect(
      normaliseQuery({
        terms: ['"graph"', 'Graph', 'OR', '-nodes', 'review'],
        categories: ['CS.cl', 'not a category'],
        date_from: '2020-01-01',
        date_to: '2018-02-30',
        exclude: ['review'],
      }),
    ).toEqual({
      terms: ['graph', 'nodes'],
      phrases: [],
      categories: ['cs.CL'],
      date_from: '2020-01-01',
      date_to: null,
      exclude: ['review'],
    });
  });
});

describe('follow-up suggestions', () => {
  const hit = (paper_id: string, abstract: string, categories: string[], published_date: string) => ({
    paper_id,
    platform: 'arxiv',
    title: `Paper ${paper_id}`,
    authors: [],
    abstract,
    categories,
    published_date,
    pdf_url: null,
    score: 1,
    highlights: { title: [], abstract: [] },
  });
  const hits = [
    hit(
      '1',
      'Protein language models guide enzyme engineering with directed evolution.',
      ['q-bio.BM', 'cs.LG'],
      '2019-05-01',
    ),
    hit(
      '2',
      'Directed evolution of enzymes with protein language models and active learning.',
      ['q-bio.BM'],
      '2021-05-01',
    ),
    hit('3', 'Protein language models predict enzyme stability for directed evolution.', ['cs.LG'], '2023-05-01'),
  ];
  const query = normaliseQuery({ terms: ['protein', 'language', 'models', 'enzyme'] });

  it('offline: frequent words of the abstracts not in the query, a narrowing category and year, as requests', () => {
    const suggestions = offlineSuggestions(query, hits);
    expect(suggestions).toEqual(['focus on directed', 'only in cs.LG', 'only since 2021', 'focus on evolution']);
    // Each is a refinement the offline parser reads.
    expect(parse(suggestions[1] ?? '', query).categories).toEqual(['cs.LG']);
    expect(parse(suggestions[2] ?? '', query).date_from).toBe('2021-01-01');
    expect(parse(suggestions[0] ?? '', query).terms).toContain('directed');
    expect(offlineSuggestions(query, [])).toEqual([]);
  });

  it("validates the model's: one line, 3-120 characters, distinct, at most four", () => {
    expect(
      validSuggestions([
        'only since 2020',
        'ONLY since 2020',
        'ok',
        'x'.repeat(121),
        'focus\non\tfolding',
        'a b c',
        'd e f',
        'g h i',
      ]),
    ).toEqual(['only since 2020', 'focus on folding', 'a b c', 'd e f']);
  });
});
