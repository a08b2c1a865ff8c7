import { type TScorecardMetrics, ZScorecardStatus } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiScorecards } from '../../db/schema';
import { type FakeLlmServer, startFakeLlmServer } from '../../test-support/fake-llm-server';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { SCORECARD_HINT } from './ai.router';
import { insertScorecard, type NewScorecard } from './scorecards.repo';

const METRICS: TScorecardMetrics = {
  questions: 10,
  gold_cited: [
    { kind: 'keyword', cited: 4, questions: 4 },
    { kind: 'paraphrased', cited: 2, questions: 4 },
  ],
  correct_abstentions: 1,
  unanswerable: 2,
  wrong_abstentions: 1,
  answerable: 8,
  fabricated_citations: 0,
  unsupported_sentences: 3,
  withdrawn_answers: 1,
  errors: 0,
  first_token_ms: { p50: 420, p95: 900 },
  tokens_per_second: 31.5,
};

const run = (overrides: Partial<NewScorecard>): NewScorecard => ({
  mode: 'model',
  model: 'qwen2.5:7b',
  setName: 'questions.json',
  setHash: 'a'.repeat(64),
  metrics: METRICS,
  ...overrides,
});

describe.each(testDrivers())('GET /api/ai/scorecard (%s)', (driver) => {
  let llm: FakeLlmServer;
  let offline: TestApp;
  let online: TestApp;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    offline = await createTestApp(driver, { seed: false });
    online = await createTestApp(driver, { seed: false, llm: { baseUrl: llm.baseUrl, model: 'qwen2.5:7b' } });
  });
  afterAll(async () => {
    await offline.close();
    await online.close();
    await llm.close();
  });
  beforeEach(async () => {
    await offline.db.delete(aiScorecards);
    await online.db.delete(aiScorecards);
  });

  // Public, like GET /api/ai/status: no X-User-ID.
  const scorecardOf = async (t: TestApp) => {
    const response = await t.app.inject({ url: '/api/ai/scorecard' });
    expect(response.statusCode).toBe(200);
    return ZScorecardStatus.parse(response.json());
  };

  it('answers null and how to measure before the first `pnpm eval`', async () => {
    expect(await scorecardOf(offline)).toEqual({
      mode: 'extractive',
      model: null,
      scorecard: null,
      hint: SCORECARD_HINT,
    });
    expect(SCORECARD_HINT).toContain('pnpm eval');
  });

  it("shows the configured model's newest run, never another model's or extractive mode's", async () => {
    await insertScorecard(online.db, run({ metrics: { ...METRICS, errors: 5 } }));
    const newest = await insertScorecard(online.db, run({ setName: 'held-out.json' }));
    await insertScorecard(online.db, run({ model: 'llama3.2:1b' }));
    await insertScorecard(online.db, run({ mode: 'extractive', model: null }));

    const status = await scorecardOf(online);
    expect(status).toMatchObject({ mode: 'model', model: 'qwen2.5:7b' });
    expect(status.scorecard).toEqual(newest);
    expect(status.scorecard).toMatchObject({ set_name: 'held-out.json', metrics: METRICS });
    // Reading the scorecard makes no model call.
    expect(llm.requests).toHaveLength(0);
  });

  it('shows extractive mode its own run only', async () => {
    await insertScorecard(offline.db, run({}));
    expect((await scorecardOf(offline)).scorecard).toBeNull();
    const extractive = await insertScorecard(offline.db, run({ mode: 'extractive', model: null }));
    expect((await scorecardOf(offline)).scorecard).toEqual(extractive);
  });

  it('answers null, not an error, when the newest run was stored in a shape this version does not read', async () => {
    await online.db.insert(aiScorecards).values({ ...run({}), metrics: { gold: 0.9 } });
    const status = await scorecardOf(online);
    expect(status.scorecard).toBeNull();
    expect(status.hint).toBe(SCORECARD_HINT);
  });

  it('refuses a row whose model does not match its mode (the table keeps them apart)', async () => {
    await expect(insertScorecard(offline.db, run({ mode: 'extractive', model: 'qwen2.5:7b' }))).rejects.toThrow();
    await expect(insertScorecard(offline.db, run({ mode: 'model', model: null }))).rejects.toThrow();
    const [row] = await offline.db.select({ n: sql<number>`count(*)::int` }).from(aiScorecards);
    expect(row?.n).toBe(0);
  });
});
