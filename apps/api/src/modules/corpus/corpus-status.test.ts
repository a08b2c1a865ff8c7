import type { TCorpusStatus } from '@paperbench/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../ingest/corpus-loader';
import { daysBefore } from '../../ingest/harvester';
import { arxivFixture, type ReplayServer, type Reply, startReplayServer } from '../../ingest/replay-server';
import { arxivHarvestJob } from '../../jobs/definitions/arxiv-harvest';
import { runJob } from '../../jobs/scheduler';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, FIXTURE_CORPUS, type TestApp, testDrivers } from '../../test-support/test-app';

/** The newest published date of the 200-paper fixture corpus. */
const FIXTURE_NEWEST = '2019-12-01';
const today = () => new Date().toISOString().slice(0, 10);

const statusOf = async (t: TestApp): Promise<TCorpusStatus> => {
  // Public: no X-User-ID.
  const response = await t.app.inject({ url: '/api/corpus/status' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe.each(testDrivers())('GET /api/corpus/status (%s)', (driver) => {
  describe('without a harvest configured (HARVEST_SETS=)', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(driver, { seed: false });
    });
    afterEach(() => t.close());

    it('an empty corpus is empty, not frozen, and never updated', async () => {
      expect(await statusOf(t)).toEqual({
        papers: 0,
        papers_estimated: false,
        newest_published: null,
        updated_at: null,
        harvesting: false,
        frozen: false,
        refresh_hint: expect.stringContaining('HARVEST_SETS'),
      });
    });

    it('the loaded sample is a frozen offline sample, updated when it was imported', async () => {
      const before = Date.now();
      await loadCorpus(t.db, FIXTURE_CORPUS);
      const status = await statusOf(t);
      expect(status).toMatchObject({
        papers: 200,
        papers_estimated: false,
        newest_published: FIXTURE_NEWEST,
        harvesting: false,
        frozen: true,
      });
      expect(Date.parse(status.updated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(status.updated_at ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
      expect(status.refresh_hint).toContain('remove the empty HARVEST_SETS setting');
      expect(status.refresh_hint).toContain('`pnpm ingest import <file>`');
    });

    it('a paper of this month thaws it; future-dated papers and uploads do not count', async () => {
      await loadCorpus(t.db, FIXTURE_CORPUS);
      const user = await buildUser(t.db);
      await buildUpload(t.db, { ownerId: user.id, title: 'My draft' });
      await buildPaper(t.db, { publishedDate: '2999-01-01' });
      expect(await statusOf(t)).toMatchObject({ papers: 201, newest_published: FIXTURE_NEWEST, frozen: true });

      // Just inside the 30 days: not frozen yet.
      const recent = daysBefore(today(), 29);
      await buildPaper(t.db, { publishedDate: recent });
      expect(await statusOf(t)).toMatchObject({ papers: 202, newest_published: recent, frozen: false });
    });

    it('a newest paper just over 30 days old is frozen', async () => {
      const old = daysBefore(today(), 31);
      await buildPaper(t.db, { publishedDate: old });
      expect(await statusOf(t)).toMatchObject({ papers: 1, newest_published: old, frozen: true });
    });

    it('is counted against the search budget', async () => {
      const limited = await createTestApp(driver, { seed: false, env: { RATE_LIMIT_SEARCH_PER_MINUTE: '2' } });
      try {
        const codes = [];
        for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ url: '/api/corpus/status' })).statusCode);
        expect(codes).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('with the daily harvest configured (a local OAI-PMH server)', () => {
    let t: TestApp;
    let server: ReplayServer;
    let reply: () => Reply;
    beforeAll(async () => {
      server = await startReplayServer(() => reply());
      t = await createTestApp(driver, {
        env: { HARVEST_SETS: 'cs', ARXIV_OAI_BASE_URL: server.url, ARXIV_REQUEST_INTERVAL_MS: '0' },
      });
    });
    afterAll(async () => {
      await t.close();
      await server.close();
    });

    it('stays frozen while no harvest succeeds, then is live once one has', async () => {
      const configured = await statusOf(t);
      expect(configured).toMatchObject({
        papers: 200,
        newest_published: FIXTURE_NEWEST,
        harvesting: true,
        frozen: true,
      });
      expect(configured.refresh_hint).toContain('daily after 06:00 UTC (sets cs), but no harvest has succeeded yet');

      // arXiv refusing the endpoint (a 404 is not retried): the run fails, nothing changes.
      reply = () => ({ status: 404, body: 'no such endpoint' });
      expect(await runJob(t.context, arxivHarvestJob, '2026-11-23')).toMatchObject({ status: 'failed' });
      expect(await statusOf(t)).toEqual(configured);

      // A harvest of two records of May 2024: the newest paper is still months old, but the corpus is kept fresh now.
      reply = () => arxivFixture('synthetic/listrecords-arxivRaw-malformed-record.xml');
      const before = Date.now();
      expect(await runJob(t.context, arxivHarvestJob, '2026-11-24')).toMatchObject({ status: 'done' });
      const live = await statusOf(t);
      expect(live).toMatchObject({
        papers: 202,
        newest_published: '2024-05-02',
        harvesting: true,
        frozen: false,
        refresh_hint: 'Harvested from arXiv daily after 06:00 UTC (sets cs).',
      });
      expect(Date.parse(live.updated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    });
  });
});
