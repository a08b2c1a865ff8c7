import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grants } from '../../db/schema';
import { packageRoot } from '../../lib/package-paths';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { createGrantHttp, GrantSourceError } from './grant-http';
import { cleanDate } from './grant-record';
import { type GrantIngestSource, ingestGrants } from './grant-source';

const FIXTURES = path.join(packageRoot, 'test', 'fixtures', 'grants');
// biome-ignore lint/suspicious/noExplicitAny: recorded JSON, read freely
const fixture = (name: string): any => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

const NIH = fixture('nih-reporter-v1-projects-search-121results.json');
const NSF_PAGES: Record<string, unknown> = {
  '1': fixture('nsf-awards-v1-awards-json-offset1-25awards.json'),
  '26': fixture('nsf-awards-v1-awards-json-offset26.json'),
};
const GRANTS_GOV = fixture('grantsgov-search2-posted-forecasted.json');

interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: a request body, read freely
  body: any;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
};

/**
 * The three sources on one local server, replaying the recorded answers: NIH RePORTER pages cut from the 121
 * recorded projects by the request's offset and limit, NSF's two recorded pages by offset, Grants.gov's fixture.
 */
async function startGrantSources() {
  const seen: Seen[] = [];
  const state = { failWith: 0 };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await readBody(request);
    seen.push({ method: request.method ?? '', path: url.pathname, params: url.searchParams, body });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    if (state.failWith) return send(state.failWith, { error: 'scripted failure' });
    if (request.method === 'POST' && url.pathname === '/v2/projects/search') {
      const { offset, limit } = body;
      return send(200, { meta: { ...NIH.meta, offset, limit }, results: NIH.results.slice(offset, offset + limit) });
    }
    if (request.method === 'GET' && url.pathname === '/services/v1/awards.json') {
      return send(200, NSF_PAGES[url.searchParams.get('offset') ?? ''] ?? { response: {} });
    }
    if (request.method === 'POST' && url.pathname === '/v1/api/search2') return send(200, GRANTS_GOV);
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('cleanDate', () => {
  it('reads YYYY-MM-DD, ISO date-times and MM/DD/YYYY; refuses dates that do not exist', () => {
    expect(cleanDate('2019-01-15T05:00:00Z')).toBe('2019-01-15');
    expect(cleanDate('02/15/2019')).toBe('2019-02-15');
    expect(cleanDate('2/5/2019')).toBe('2019-02-05');
    expect(cleanDate('02/30/2019')).toBeNull();
    expect(cleanDate('')).toBeNull();
    expect(cleanDate(20190215)).toBeNull();
  });
});

describe.each(testDrivers())('pnpm ingest grants (%s)', (driver) => {
  let t: TestApp;
  let sources: Awaited<ReturnType<typeof startGrantSources>>;

  beforeAll(async () => {
    [t, sources] = await Promise.all([createTestApp(driver, { seed: false }), startGrantSources()]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sources?.close();
  });
  beforeEach(() => {
    sources.seen.length = 0;
    sources.state.failWith = 0;
  });

  const run = (source: GrantIngestSource, query: string, limit: number) =>
    ingestGrants(t.db, {
      source,
      query,
      limit,
      config: {
        NIH_REPORTER_BASE_URL: sources.url,
        NSF_AWARDS_BASE_URL: sources.url,
        GRANTS_GOV_BASE_URL: sources.url,
      },
      http: createGrantHttp({ intervalMs: 0 }),
    });

  const stored = async (source: string) =>
    t.db
      .select({ kind: grants.kind, count: sql<number>`count(*)`.mapWith(Number) })
      .from(grants)
      .where(sql`${grants.source} = ${source}`)
      .groupBy(grants.kind);

  const one = async (source: string, sourceId: string) => {
    const [row] = await t.db
      .select()
      .from(grants)
      .where(sql`${grants.source} = ${source} and ${grants.sourceId} = ${sourceId}`);
    return row;
  };

  it('NIH RePORTER: POST /v2/projects/search, at most 500 a request, every project a funded award', async () => {
    const summary = await run('nih', 'qualitative', 1000);
    expect(summary).toMatchObject({ pages: 1, fetched: 121, inserted: 121, skipped: 0, total: 121 });
    expect(sources.seen).toHaveLength(1);
    expect(sources.seen[0]).toMatchObject({ method: 'POST', path: '/v2/projects/search' });
    expect(sources.seen[0]?.body).toMatchObject({
      offset: 0,
      limit: 500,
      criteria: { advanced_text_search: { search_text: 'qualitative' } },
    });
    expect(await stored('nih')).toEqual([{ kind: 'award', count: 121 }]);
    expect(await one('nih', '5K23HL127130-05')).toMatchObject({
      title: 'Enhancing Inter-Facility Transfer for Patients with Acute Myocardial Infarction',
      agency: 'National Institutes of Health',
      organisation: 'VANDERBILT UNIVERSITY MEDICAL CENTER',
      pi: 'WARD, MICHAEL J.',
      amount: 156248,
      startDate: '2016-01-01',
      endDate: '2020-12-31',
      closeDate: null,
      url: null,
    });
    // The recorded abstract starts with a byte-order mark and blank lines: stored without them.
    expect((await one('nih', '5K23HL127130-05'))?.abstract).toMatch(/^DESCRIPTION \(provided by applicant\)/);
  });

  it('NIH RePORTER: pages by offset up to --limit', async () => {
    const summary = await run('nih', 'qualitative', 50);
    expect(summary).toMatchObject({ pages: 1, fetched: 50, unchanged: 50, inserted: 0 });
    expect(sources.seen.map((request) => [request.body.offset, request.body.limit])).toEqual([[0, 50]]);
  });

  it('NSF Award Search: GET awards.json, 25 a page from offset 1, until a short page', async () => {
    const summary = await run('nsf', 'qualitative', 1000);
    expect(summary).toMatchObject({ pages: 2, fetched: 37, inserted: 37, skipped: 0 });
    expect(sources.seen.map((request) => [request.method, request.path, request.params.get('offset')])).toEqual([
      ['GET', '/services/v1/awards.json', '1'],
      ['GET', '/services/v1/awards.json', '26'],
    ]);
    expect(sources.seen[0]?.params.get('keyword')).toBe('qualitative');
    expect(sources.seen[0]?.params.get('printFields')).toContain('abstractText');
    expect(await stored('nsf')).toEqual([{ kind: 'award', count: 37 }]);
    expect(await one('nsf', '1914735')).toMatchObject({
      agency: 'National Science Foundation',
      organisation: 'University of Illinois at Urbana-Champaign',
      pi: 'Karin Jensen',
      amount: 203244,
      startDate: '2019-02-15',
      endDate: '2024-01-31',
      url: 'https://www.nsf.gov/awardsearch/showAward?AWD_ID=1914735',
    });
  });

  it('NSF: a second run stores nothing new', async () => {
    expect(await run('nsf', 'qualitative', 1000)).toMatchObject({ inserted: 0, updated: 0, unchanged: 37 });
  });

  it('Grants.gov search2: open and forecasted calls only, every one an opportunity', async () => {
    const summary = await run('grantsgov', '', 1000);
    expect(summary).toMatchObject({
      pages: 1,
      fetched: 4,
      inserted: 3,
      skipped: 1,
      reasons: { 'status closed': 1 },
      total: 4,
    });
    expect(sources.seen[0]).toMatchObject({ method: 'POST', path: '/v1/api/search2' });
    expect(sources.seen[0]?.body).toMatchObject({ keyword: '', oppStatuses: 'forecasted|posted', startRecordNum: 0 });
    expect(await stored('grantsgov')).toEqual([{ kind: 'opportunity', count: 3 }]);
    expect(await one('grantsgov', '358303')).toMatchObject({
      kind: 'opportunity',
      agency: 'National Endowment for the Humanities',
      startDate: '2025-10-01',
      closeDate: null,
      amount: null,
      url: 'https://www.grants.gov/search-results-detail/358303',
    });
    expect((await one('grantsgov', '358101'))?.keywords).toEqual(['PAR-25-101', '93.361', '93.393', 'posted']);
  });

  it('never mixes kinds: awards from NIH and NSF, opportunities from Grants.gov only', async () => {
    const rows = await t.db
      .select({ source: grants.source, kind: grants.kind })
      .from(grants)
      .groupBy(grants.source, grants.kind)
      .orderBy(grants.source);
    expect(rows).toEqual([
      { source: 'grantsgov', kind: 'opportunity' },
      { source: 'nih', kind: 'award' },
      { source: 'nsf', kind: 'award' },
    ]);
  });

  it('a source answering an error fails the run with the URL named, storing nothing of it', async () => {
    sources.state.failWith = 503;
    const before = await t.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(grants);
    await expect(run('nsf', 'anything', 100)).rejects.toThrow(GrantSourceError);
    await expect(run('nih', 'anything', 100)).rejects.toThrow(/\/v2\/projects\/search answered 503/);
    expect(await t.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(grants)).toEqual(before);
  });
});
