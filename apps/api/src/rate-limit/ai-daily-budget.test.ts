import { contract } from '@paperbench/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerErrorHandling } from '../lib/error-handler';
import { identityPlugin } from '../plugins/identity';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../test-support/test-app';
import { rateLimitPlugin } from './rate-limit.plugin';

/**
 * docs/ai.md#budgets: the per-user daily AI allowance on top of the per-minute `ai` budget. The AI
 * routes are built by other modules, so an AI route's path is served here by a stand-in handler behind
 * the real identity and rate-limit plugins, over the test app's database and counters.
 */
describe.each(testDrivers())('the daily AI budget (%s)', (driver) => {
  let t: TestApp;
  let app: FastifyInstance;
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    const config = loadConfig({
      RATE_LIMIT_AI_PER_MINUTE: '100',
      RATE_LIMIT_AI_PER_USER_PER_DAY: '3',
      LOG_LEVEL: 'silent',
    });
    app = Fastify();
    registerErrorHandling(app);
    await app.register(identityPlugin, { db: t.db, idleDays: config.SESSION_IDLE_DAYS });
    await app.register(rateLimitPlugin, { config, counters: t.context.counters });
    app.post(contract.chat.streamChat.path, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  // From a new address each time: only the per-user count can refuse.
  const ask = (token: string) =>
    app.inject({
      method: 'POST',
      url: contract.chat.streamChat.path,
      remoteAddress: freshIp(),
      headers: { 'x-user-id': token },
    });

  it("refuses a user's request past the day's allowance with 429 and a Retry-After within a day; others go on", async () => {
    const token = await issueUserId(t.app);
    for (let i = 0; i < 3; i += 1) expect((await ask(token)).statusCode).toBe(200);
    const refused = await ask(token);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.json()).toMatchObject({
      error: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many AI requests: at most 3 a day; please try again in \d+ h$/),
      details: { budget: 'ai_daily', retry_after_seconds: retryAfter },
    });
    expect((await ask(await issueUserId(t.app))).statusCode).toBe(200);
  });

  it('does not count callers without an id per IP against the daily allowance', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({ method: 'POST', url: contract.chat.streamChat.path, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
  });
});
