import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/openalex');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** A local stand-in for OpenAlex answering the three requests the client makes, from JSON fixtures. */
async function startFakeOpenAlex() {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(url);
    const body =
      url === '/works/doi:10.1000%2Fa'
        ? fixture('work-a.json')
        : url.startsWith('/works?filter=openalex:W200|W300')
          ? fixture('works-referenced.json')
          : url.startsWith('/works?filter=cites:W100')
            ? fixture('works-citing-a.json')
            : null;
    if (url === '/works/doi:10.1000%2Fbroken') {
      response.writeHead(500).end('{}');
      return;
    }
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** docs/references.md#openalex: off by default; on, a paper without a parsed list gets OpenAlex's. */
describe.each(testDrivers())('OpenAlex enrichment (%s)', (driver) => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAlex>>;
  let on: TestApp;
  let off: TestApp;
  let user: string;

  const corpus = [
    { platform: 'arxiv', paperId: '2101.00100', title: 'Paper A about citation graphs', doi: '10.1000/a' },
    { platform: 'arxiv', paperId: '1901.00200', title: 'Paper B on document embeddings', doi: '10.1000/b' },
    { platform: 'arxiv', paperId: '2301.00400', title: 'Paper C that cites A', doi: '10.1000/C' },
    { platform: 'arxiv', paperId: '2001.00999', title: 'A paper OpenAlex fails on', doi: '10.1000/broken' },
  ];

  beforeAll(async () => {
    fake = await startFakeOpenAlex();
    on = await createTestApp(driver, {
      seed: false,
      env: { OPENALEX_BASE_URL: fake.url, OPENALEX_REQUEST_INTERVAL_MS: '0' },
    });
    off = await createTestApp(driver, { seed: false });
    for (const app of [on, off]) await app.db.insert(papers).values(corpus);
    user = await issueUserId(on.app);
  }, 60_000);
  afterAll(async () => {
    await on.close();
    await off.close();
    await fake.close();
  });

  it('is off unless OPENALEX_BASE_URL is set: no request, the (empty) parsed list as is', async () => {
    const response = await off.app.inject({ url: '/api/papers/2101.00100/references?platform=arxiv' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it("answers OpenAlex's references for a paper without a parsed list, resolved to the corpus by DOI", async () => {
    const response = await on.app.inject({
      url: '/api/papers/2101.00100/references?platform=arxiv',
      headers: { 'x-user-id': user },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        n: 1,
        raw: 'Alan Turing, Kurt Gödel. 2019. Paper B on document embeddings. doi:10.1000/b',
        title: 'Paper B on document embeddings',
        authors: ['Alan Turing', 'Kurt Gödel'],
        year: 2019,
        venue: null,
        doi: '10.1000/b',
        arxiv_id: null,
        paper: { platform: 'arxiv', paper_id: '1901.00200' },
      },
      expect.objectContaining({ n: 2, title: 'An unknown workshop paper', doi: null, paper: null }),
    ]);
    // Cached: asking again sends nothing more.
    const sent = fake.requests.length;
    await on.app.inject({ url: '/api/papers/2101.00100/references?platform=arxiv', headers: { 'x-user-id': user } });
    expect(fake.requests.length).toBe(sent);
  });

  it('adds the corpus papers OpenAlex knows to cite this one to Cited by', async () => {
    const response = await on.app.inject({
      url: '/api/papers/2101.00100/citations?platform=arxiv',
      headers: { 'x-user-id': user },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { paper_id: string }) => p.paper_id)).toEqual(['2301.00400']);
  });

  it('answers the parsed (empty) list when OpenAlex fails, not an error', async () => {
    const headers = { 'x-user-id': user };
    const response = await on.app.inject({ url: '/api/papers/2001.00999/references?platform=arxiv', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect((await on.app.inject({ url: '/api/papers/2001.00999/citations?platform=arxiv', headers })).json()).toEqual(
      [],
    );
  });

  it('fetches nothing for an anonymous caller', async () => {
    const sent = fake.requests.length;
    const response = await on.app.inject({ url: '/api/papers/1901.00200/references?platform=arxiv' });
    expect(response.json()).toEqual([]);
    expect(fake.requests.length).toBe(sent);
  });
});
