import { contract } from '@paperbench/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rateLimitCounters } from '../db/schema';
import { registerErrorHandling } from '../lib/error-handler';
import { identityPlugin } from '../plugins/identity';
import { buildUser } from '../test-support/factories';
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

  /** The stand-in AI route behind the real plugins, with these budgets a minute and a day. */
  async function limitedApp(perMinute: number, perDay: number): Promise<FastifyInstance> {
    const config = loadConfig({
      RATE_LIMIT_AI_PER_MINUTE: String(perMinute),
      RATE_LIMIT_AI_PER_USER_PER_DAY: String(perDay),
      LOG_LEVEL: 'silent',
    });
    const limited = Fastify();
    registerErrorHandling(limited);
    await limited.register(identityPlugin, { db: t.db, idleDays: config.SESSION_IDLE_DAYS });
    await limited.register(rateLimitPlugin, { config, counters: t.context.counters });
    limited.post(contract.chat.streamChat.path, async () => ({ ok: true }));
    await limited.ready();
    return limited;
  }

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    app = await limitedApp(100, 3);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  // From a new address each time: only the per-user count can refuse.
  const ask = (token: string, on = app, remoteAddress = freshIp()) =>
    on.inject({ method: 'POST', url: contract.chat.streamChat.path, remoteAddress, headers: { 'x-user-id': token } });
  /** A budget's count in the shared store (0: never counted, or its window passed). */
  const hits = async (key: string) => {
    const [row] = await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    return row && row.resetAt > new Date() ? row.hits : 0;
  };

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

  it("does not count a request the minute's budget refuses against the day's allowance", async () => {
    const limited = await limitedApp(3, 4);
    const user = await buildUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await ask(user.token, limited)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await hits(`ai_daily:user:${user.id}`)).toBe(3);
    // The minute passes: the user has the day's four less the three let through, one more.
    await t.db
      .update(rateLimitCounters)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitCounters.key, `ai:user:${user.id}`));
    expect((await ask(user.token, limited)).statusCode).toBe(200);
    const refused = await ask(user.token, limited);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ details: { budget: 'ai_daily' } });
    await limited.close();
  });

  it("does not count a request the address's minute budget refuses against the user's day", async () => {
    const limited = await limitedApp(3, 4);
    const [first, second] = [await buildUser(t.db), await buildUser(t.db)];
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await ask(first.token, limited, ip)).statusCode).toBe(200);
    const refused = await ask(second.token, limited, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ details: { budget: 'ai' } });
    expect(await hits(`ai_daily:user:${second.id}`)).toBe(0);
    await limited.close();
  });

  it('does not count callers without an id per IP against the daily allowance', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({ method: 'POST', url: contract.chat.streamChat.path, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
  });
});
