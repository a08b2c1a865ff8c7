import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../app-context';
import { arxivFixture, type ReplayServer, type Reply, startReplayServer } from '../../ingest/replay-server';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { runJob, startScheduler } from '../scheduler';
import { arxivHarvestJob } from './arxiv-harvest';

const NO_RECORDS = arxivFixture('oai-pmh/error-noRecordsMatch.xml');
const BAD_ARGUMENT = arxivFixture('oai-pmh/error-badArgument.xml');

describe.each(testDrivers())('arxiv-harvest job (%s)', (driver) => {
  let t: TestApp;
  let server: ReplayServer;
  let reply: (params: URLSearchParams) => Reply;
  let context: AppContext;

  beforeEach(async () => {
    t = await createTestApp(driver, { seed: false });
    server = await startReplayServer((params) => reply(params));
    const config = {
      ...t.context.config,
      HARVEST_SETS: ['cs', 'math', 'stat'],
      ARXIV_OAI_BASE_URL: server.url,
      ARXIV_REQUEST_INTERVAL_MS: 0,
    };
    context = { ...t.context, config };
  });
  afterEach(async () => {
    await server.close();
    await t.close();
  });

  const requestedSets = () => server.requests.map((params) => params.get('set'));

  it('is off with HARVEST_SETS empty (as in every test app) and due daily otherwise', () => {
    expect(arxivHarvestJob.dueSlot(new Date('2026-11-23T07:00:00Z'), t.context)).toBeNull();
    expect(arxivHarvestJob.dueSlot(new Date('2026-11-23T07:00:00Z'), context)).toBe('2026-11-23');
  });

  it('stops at the first set when arXiv is out of reach, naming the sets it did not try', async () => {
    // A 404 fails at once (a 5xx would be retried with back-off first, then fail the same way).
    reply = () => ({ status: 404, body: 'not here' });
    const outcome = await runJob(context, arxivHarvestJob, '2026-11-23');
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && outcome.error).toMatch(
      /^cs: arXiv answered HTTP 404 for .*; not tried while arXiv is out of reach: math, stat$/,
    );
    expect(requestedSets()).toEqual(['cs']);
  });

  it('goes on with the other sets when arXiv refuses one', async () => {
    reply = (params) => (params.get('set') === 'math' ? BAD_ARGUMENT : NO_RECORDS);
    const outcome = await runJob(context, arxivHarvestJob, '2026-11-23');
    expect(outcome.status === 'failed' && outcome.error).toMatch(/^math: arXiv refused the harvest of arXivRaw:math/);
    expect(requestedSets()).toEqual(['cs', 'math', 'stat']);
  });

  it('logs a failed run as one warning, and nothing else', async () => {
    reply = () => ({ status: 404 });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const scheduler = startScheduler(context, [arxivHarvestJob], {
      tickMs: 3_600_000,
      log: log as unknown as FastifyBaseLogger,
    });
    try {
      await scheduler.tick(new Date('2026-11-23T07:00:00Z'));
      // The failed slot is retried only after a while: a second tick now neither runs nor logs.
      await scheduler.tick(new Date('2026-11-23T07:01:00Z'));
    } finally {
      await scheduler.stop();
    }
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'arxiv-harvest', slot: '2026-11-23', error: expect.stringContaining('HTTP 404') }),
      'job failed',
    );
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });
});
