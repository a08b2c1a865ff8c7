import type { TSearchResponse } from '@paperbench/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema';
import { arxivFixture, type ReplayServer, type Reply, startReplayServer } from '../../ingest/replay-server';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { detectQueryIntent, looksLikeName } from './query-intent';

describe('detectQueryIntent', () => {
  it.each([
    ['2101.00001', { via: 'arxiv_id', paperId: '2101.00001' }],
    ['arXiv:2101.00001v2', { via: 'arxiv_id', paperId: '2101.00001' }],
    ['hep-th/9901001', { via: 'arxiv_id', paperId: 'hep-th/9901001' }],
    ['https://arxiv.org/abs/2101.00001v3', { via: 'arxiv_url', paperId: '2101.00001' }],
    ['http://export.arxiv.org/pdf/2101.00001v1.pdf', { via: 'arxiv_url', paperId: '2101.00001' }],
    ['<https://arxiv.org/abs/math/0601001>', { via: 'arxiv_url', paperId: 'math/0601001' }],
    ['10.1103/PhysRevD.76.044016', { via: 'doi', doi: '10.1103/PhysRevD.76.044016', paperId: null }],
    ['https://doi.org/10.1145/3292500.3330701.', { via: 'doi', doi: '10.1145/3292500.3330701', paperId: null }],
    ['doi:10.48550/arXiv.2101.00001', { via: 'doi', doi: '10.48550/arXiv.2101.00001', paperId: '2101.00001' }],
  ])('%s names one paper', (query, expected) => {
    expect(detectQueryIntent(query)).toEqual({ kind: 'paper', ...expected });
  });

  it.each([
    ['author:"Yoshua Bengio" attention', { query: 'attention', author: 'Yoshua Bengio' }],
    ['graph author:hinton', { query: 'graph', author: 'hinton' }],
    ['2101.00001 graphs', { query: '2101.00001 graphs', author: null }],
    ['1.5 million', { query: '1.5 million', author: null }],
    ['arxiv.org', { query: 'arxiv.org', author: null }],
  ])('%s is searched as words', (query, expected) => {
    expect(detectQueryIntent(query)).toEqual({ kind: 'text', ...expected });
  });
});

describe('looksLikeName', () => {
  it.each(['Yoshua Bengio', 'Geoffrey E. Hinton', 'Jean-Pierre Serre', 'Y. LeCun', 'Hilda Quenneth'])(
    '%s does',
    (q) => {
      expect(looksLikeName(q)).toBe(true);
    },
  );
  it.each(['graph neural networks', 'Bengio', 'Attention Is All You Need', 'Bengio Y.', 'Deep 2 Learning'])(
    '%s does not',
    (q) => expect(looksLikeName(q)).toBe(false),
  );
});

describe.each(testDrivers())('search jumps to the paper an id, URL or DOI names (%s)', (driver) => {
  let t: TestApp;
  let server: ReplayServer;
  let user: string;
  const replies = new Map<string, Reply>([
    ['1601.00001', arxivFixture('atom/api-query-id_list-1601.00001-2020.xml')],
    ['2401.99999', arxivFixture('synthetic/atom-empty.xml')],
  ]);

  beforeAll(async () => {
    server = await startReplayServer((params) => replies.get(params.get('id_list') ?? '') ?? { status: 400 });
    t = await createTestApp(driver, {
      env: { ARXIV_FETCH_MISSING: 'true', ARXIV_API_BASE_URL: server.url, ARXIV_REQUEST_INTERVAL_MS: '0' },
    });
    user = await issueUserId(t.app);
    await buildPaper(t.db, {
      paperId: '2101.00001',
      title: 'Jumpable paper',
      doi: '10.1000/Jump.42',
      authors: ['Hilda Quenneth', 'Bo Ade'],
      abstract: 'About the glorpfield.',
    });
    await buildPaper(t.db, {
      paperId: 'author.other',
      title: 'Another glorpfield paper',
      authors: ['Quenneth Hilda'],
      abstract: 'The glorpfield again.',
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const search = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', headers, payload: { query } });
    expect(response.statusCode).toBe(200);
    return response.json() as TSearchResponse;
  };

  it.each([
    '2101.00001',
    'arXiv:2101.00001v2',
    'https://arxiv.org/abs/2101.00001',
    'https://arxiv.org/pdf/2101.00001v1.pdf',
    '10.1000/jump.42',
    'https://doi.org/10.1000/JUMP.42',
    '10.48550/arXiv.2101.00001',
  ])('%s', async (query) => {
    const body = await search(query);
    expect(body.jump).toMatchObject({ paper: { paper_id: '2101.00001', title: 'Jumpable paper' } });
    expect(body.results.map((r) => r.paper_id)).toEqual(['2101.00001']);
    expect(body.total).toBe(1);
  });

  it('fetches an arXiv paper the corpus lacks for a signed-in caller, and never for an anonymous one', async () => {
    const anonymous = await search('https://arxiv.org/abs/1601.00001');
    expect(anonymous.jump).toEqual({ via: 'arxiv_url', paper: null, missing: 'sign_in_to_fetch' });
    expect(server.requests).toHaveLength(0);
    const signedIn = await search('https://arxiv.org/abs/1601.00001v2', { 'x-user-id': user });
    expect(signedIn.jump).toMatchObject({ via: 'arxiv_url', paper: { paper_id: '1601.00001' }, missing: null });
    const stored = await t.db
      .select()
      .from(papers)
      .where(and(eq(papers.platform, 'arxiv'), eq(papers.paperId, '1601.00001')));
    expect(stored).toHaveLength(1);
  });

  it('says why when the named paper cannot be opened, and searches the words instead', async () => {
    const unknown = await search('2401.99999', { 'x-user-id': user });
    expect(unknown.jump).toEqual({ via: 'arxiv_id', paper: null, missing: 'not_on_arxiv' });
    expect(unknown.total).toBe(0);
    const otherDoi = await search('10.9999/not.here', { 'x-user-id': user });
    expect(otherDoi.jump).toEqual({ via: 'doi', paper: null, missing: 'not_in_corpus' });
  });

  it('author: finds an author’s papers, names in order, with or without more words', async () => {
    const byName = await search('author:"Hilda Quenneth"');
    expect(byName.results.map((r) => r.paper_id)).toEqual(['2101.00001']);
    const bySurname = await search('author:quenneth glorpfield');
    expect(bySurname.results.map((r) => r.paper_id).sort()).toEqual(['2101.00001', 'author.other']);
    expect((await search('author:quenneth nothingatallhere')).total).toBe(0);
  });

  it('searches a query that reads as an author’s name as that author, else as words', async () => {
    const byName = await search('Hilda Quenneth');
    expect(byName.author).toBe('Hilda Quenneth');
    expect(byName.results.map((r) => r.paper_id)).toEqual(['2101.00001']);
    // Reads as a name, but no author is named so: searched as words.
    const words = await search('Another Glorpfield');
    expect(words.author).toBeNull();
    expect(words.results.map((r) => r.paper_id)).toEqual(['author.other']);
  });

  it('offers a correction for a transposition', async () => {
    const body = await search('glorpfeild');
    expect(body.total).toBe(0);
    expect(body.did_you_mean).toEqual({ query: 'glorpfield', total: 2 });
  });
});
