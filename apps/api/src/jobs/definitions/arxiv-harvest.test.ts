import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../app-context';
import { jobRuns } from '../../db/schema';
import { arxivFixture, type ReplayServer, type Reply, startReplayServer } from '../../ingest/replay-server';
import { loggerOptions } from '../../lib/logger-options';
import { selectTermStatsBuild } from '../../modules/recommendations/term-stats.repo';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { formatLocalTime, runJob, startScheduler } from '../scheduler';
import { arxivHarvestJob, createArxivHarvestJob } from './arxiv-harvest';

/** A local port nothing listens on: connecting is refused at once, as on a machine without a network. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server's logger in pretty format (what a terminal shows), writing into a string. */
function capturedLogger() {
  const output = { text: '' };
  const destination = new Writable({
    write(chunk, _encoding, done) {
      output.text += chunk.toString();
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, destination) });
  return { log: app.log, output, close: () => app.close() };
}

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
    expect(arxivHarvestJob.schedule?.(new Date('2026-11-23T07:00:00Z'), t.context)).toBeNull();
    expect(arxivHarvestJob.schedule?.(new Date('2026-11-23T07:00:00Z'), context)).toBe('2026-11-23');
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

  it('counts the corpus words once the run added papers (docs/recommendations.md#term-statistics)', async () => {
    const page = arxivFixture('oai-pmh/listrecords-arxivRaw-2015-6records-with-token.xml').replace(
      /<resumptionToken[^>]*>[^<]*<\/resumptionToken>/,
      '',
    );
    reply = (params) => (params.get('set') === 'cs' ? page : NO_RECORDS);
    const outcome = await runJob(context, arxivHarvestJob, '2026-11-23');
    expect(outcome).toMatchObject({ status: 'done', result: { termStatistics: { documents: 6, rebuilt: true } } });
    expect((await selectTermStatsBuild(t.db))?.documents).toBe(6);

    // A run that adds nothing leaves them alone.
    reply = () => NO_RECORDS;
    const quiet = await runJob(context, arxivHarvestJob, '2026-11-24');
    expect(quiet.status === 'done' && quiet.result?.termStatistics).toBeUndefined();
  });

  it('goes on with the other sets when arXiv refuses one', async () => {
    reply = (params) => (params.get('set') === 'math' ? BAD_ARGUMENT : NO_RECORDS);
    const outcome = await runJob(context, arxivHarvestJob, '2026-11-23');
    expect(outcome.status === 'failed' && outcome.error).toMatch(/^math: arXiv refused the harvest of arXivRaw:math/);
    expect(requestedSets()).toEqual(['cs', 'math', 'stat']);
  });

  it('offline (connection refused): logs "arXiv unreachable, next try at <time>" as one line, without a stack', async () => {
    const offline = {
      ...context,
      config: { ...context.config, ARXIV_OAI_BASE_URL: `http://127.0.0.1:${await closedPort()}/oai` },
    };
    // The retries of the real client, without their waits (2 s, 4 s … in production).
    const job = createArxivHarvestJob({ maxRetries: 2, timing: { now: Date.now, sleep: async () => undefined } });
    const logger = capturedLogger();
    const ranAt = new Date('2026-11-23T07:00:00Z');
    const scheduler = startScheduler(offline, [job], { tickMs: 60_000, log: logger.log });
    try {
      await scheduler.tick(ranAt);
    } finally {
      await scheduler.stop();
      await logger.close();
    }
    const lines = logger.output.text.trim().split('\n');
    expect(lines).toHaveLength(1);
    const [, time, rest] = lines[0]?.match(/^\[[\d:]+\] WARN: arXiv unreachable, next try at ([\d:]+) (\{.*\})$/) ?? [];
    const fields = JSON.parse(rest ?? '{}');
    expect(fields).toEqual({
      job: 'arxiv-harvest',
      slot: '2026-11-23',
      reason: expect.stringMatching(/^connect ECONNREFUSED 127\.0\.0\.1:\d+ \(3 attempts\)$/),
      nextTryAt: expect.stringMatching(/^2026-11-23T07:3[01]:/),
    });
    // The scheduler retries the failed slot 30 minutes later; the line says when, in local time.
    expect(time).toBe(formatLocalTime(new Date(fields.nextTryAt), ranAt));
    expect(logger.output.text).not.toMatch(/\bat .*:\d+:\d+\)?$|stack|Error/m);
    // job_runs keeps the full reason, naming the sets not tried.
    const [run] = await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'arxiv-harvest'));
    expect(run).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(
        /^cs: arXiv could not be reached .*; not tried while arXiv is out of reach: math, stat$/,
      ),
    });
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
