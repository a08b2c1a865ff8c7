import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext } from '../../app-context';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { papers } from '../../db/schema';
import { arxivFixture, type ReplayServer, startReplayServer } from '../../ingest/replay-server';
import { jobDefinitions } from '../../jobs/definitions';
import {
  createScratchDatabase,
  createTestApp,
  issueUserId,
  pgliteOnly,
  type TestApp,
} from '../../test-support/test-app';

/** docs/security.md#outbound-requests-to-arxiv: polite to arXiv under concurrency, and nothing fetched or written for an anonymous caller. */

const INTERVAL_MS = 300;
const FIXTURE_ID = '1601.00001';
const FIXTURE = arxivFixture('atom/api-query-id_list-1601.00001-2020.xml');
/** POST /api/chat/get_paper for an arXiv id, as `user`. */
const getPaper = (app: FastifyInstance, user: string, paper_id: string) =>
  app.inject({
    method: 'POST',
    url: '/api/chat/get_paper',
    headers: { 'x-user-id': user },
    payload: { paper_id, platform: 'arxiv' },
  });
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${String(10001 + i)}`);

/** A local arXiv that knows every id it is asked about, and notes when each request arrived. */
async function startArxiv(): Promise<ReplayServer & { arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = await startReplayServer((params) => {
    arrivals.push(performance.now());
    return FIXTURE.replaceAll(FIXTURE_ID, params.get('id_list') ?? '');
  });
  return Object.assign(server, { arrivals });
}

/**
 * The k-th request to reach arXiv (k from 0) arrived at least k intervals after `startedAt`, when the
 * calls were made. A request arrives after it was sent and the k-th was sent k intervals after the
 * first at the earliest, so this holds however late the loopback delivers (a busy event loop only
 * delays arrivals); before the fix all ten arrived within 19 ms. 5 ms for clock rounding.
 */
function expectPaced(arrivals: number[], startedAt: number) {
  const sorted = [...arrivals].sort((a, b) => a - b);
  sorted.forEach((arrival, k) => {
    expect(arrival - startedAt, `request ${k}`).toBeGreaterThanOrEqual(k * INTERVAL_MS - 5);
  });
}

describe.each(pgliteOnly())('requests to arXiv (%s)', (driver) => {
  let arxiv: Awaited<ReturnType<typeof startArxiv>>;
  let t: TestApp | undefined;
  const appWith = async (env: Record<string, string> = {}) => {
    t = await createTestApp(driver, {
      seed: false,
      env: {
        ARXIV_FETCH_MISSING: 'true',
        ARXIV_API_BASE_URL: arxiv.url,
        ARXIV_REQUEST_INTERVAL_MS: String(INTERVAL_MS),
        ...env,
      },
    });
    return t;
  };
  const stored = async (app: TestApp, paperIds: string[]) =>
    app.db.select({ id: papers.paperId }).from(papers).where(inArray(papers.paperId, paperIds));

  beforeAll(async () => {
    arxiv = await startArxiv();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    arxiv.requests.length = 0;
    arxiv.arrivals.length = 0;
  });
  afterAll(async () => arxiv.close());

  it('answers an anonymous get_paper, attach_paper and add-to-folder with 401, fetching and writing nothing', async () => {
    const app = await appWith();
    const ref = { paper_id: '2501.00042', platform: 'arxiv' };
    const calls = [
      { method: 'POST' as const, url: '/api/chat/get_paper', payload: ref },
      { method: 'POST' as const, url: '/api/chat/attach_paper', payload: ref },
      { method: 'POST' as const, url: '/api/folders/1/files', payload: ref },
    ];
    for (const call of calls) {
      const response = await app.app.inject(call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
    expect(arxiv.requests).toHaveLength(0);
    expect(await app.db.select().from(papers).where(eq(papers.paperId, '2501.00042'))).toEqual([]);
  });

  it('spaces ten concurrent get_paper calls for unknown ids by the interval', async () => {
    const app = await appWith();
    const user = await issueUserId(app.app);
    const paperIds = ids('2502', 10);
    const startedAt = performance.now();
    const responses = await Promise.all(paperIds.map((paper_id) => getPaper(app.app, user, paper_id)));
    expect(responses.map((response) => response.statusCode)).toEqual(paperIds.map(() => 200));
    expect(arxiv.arrivals).toHaveLength(10);
    expectPaced(arxiv.arrivals, startedAt);
    expect(await stored(app, paperIds)).toHaveLength(10);
  }, 60_000);

  it('refuses with 503 and Retry-After once ARXIV_MAX_WAITING requests wait, storing nothing for them', async () => {
    const app = await appWith({ ARXIV_MAX_WAITING: '2', ARXIV_REQUEST_INTERVAL_MS: '3000' });
    const user = await issueUserId(app.app);
    const paperIds = ids('2503', 6);
    const responses = await Promise.all(
      paperIds.map((paper_id) =>
        app.app.inject({
          method: 'POST',
          url: '/api/chat/attach_paper',
          headers: { 'x-user-id': user },
          payload: { paper_id, platform: 'arxiv' },
        }),
      ),
    );
    const refused = responses.filter((response) => response.statusCode === 503);
    // One goes now and two wait behind it; the others are refused.
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(response.json()).toMatchObject({
        error: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/^Too many requests are waiting for arXiv/),
        details: { retry_after_seconds: 6 },
      });
      expect(response.headers['retry-after']).toBe('6');
    }
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(arxiv.requests).toHaveLength(3);
    const refusedIds = paperIds.filter((_, i) => responses[i]?.statusCode === 503);
    expect(await stored(app, refusedIds)).toEqual([]);
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)('two app instances on one PostgreSQL database (postgres)', () => {
  it('share the arXiv spacing: 2 × 5 concurrent get_paper calls reach arXiv the interval apart', async () => {
    const arxiv = await startArxiv();
    const scratch = await createScratchDatabase();
    const replicas = [openDatabase({ url: scratch.url }), openDatabase({ url: scratch.url })];
    try {
      await replicas[0]?.migrate();
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        SEED_CORPUS: 'false',
        ARXIV_FETCH_MISSING: 'true',
        ARXIV_API_BASE_URL: arxiv.url,
        ARXIV_REQUEST_INTERVAL_MS: String(INTERVAL_MS),
      });
      const apps = await Promise.all(
        replicas.map((database) => buildApp(createAppContext({ db: database.db, config, jobs: jobDefinitions }))),
      );
      const user = await issueUserId(apps[0] as (typeof apps)[number]);
      const startedAt = performance.now();
      const responses = await Promise.all(
        apps.flatMap((app, replica) => ids(`260${replica}`, 5).map((paper_id) => getPaper(app, user, paper_id))),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      expect(arxiv.arrivals).toHaveLength(10);
      expectPaced(arxiv.arrivals, startedAt);
      for (const app of apps) await app.close();
    } finally {
      for (const database of replicas) await database.close();
      await scratch.drop();
      await arxiv.close();
    }
  }, 60_000);
});
