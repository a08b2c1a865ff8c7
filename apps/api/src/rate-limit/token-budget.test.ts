import { contract } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rateLimitCounters } from '../db/schema';
import { registerErrorHandling } from '../lib/error-handler';
import { createToken } from '../modules/tokens/tokens.service';
import { identityPlugin } from '../plugins/identity';
import { buildUser } from '../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { rateLimitPlugin } from './rate-limit.plugin';

/**
 * docs/security.md#personal-access-tokens: a token's calls are counted per token (so an agent cannot use up
 * its user's browser budgets) and against the `token` budget; the day's model allowance stays per user.
 */
describe.each(testDrivers())('rate budgets of personal access tokens (%s)', (driver) => {
  let t: TestApp;
  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      seed: false,
      env: { RATE_LIMIT_TOKEN_PER_MINUTE: '3', RATE_LIMIT_WRITE_PER_MINUTE: '2' },
    });
  });
  afterAll(() => t.close());

  const hits = async (key: string) => {
    const [row] = await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    return row && row.resetAt > new Date() ? row.hits : 0;
  };
  const tokenOf = async (userId: number, scopes: ('read' | 'write' | 'ai')[] = ['read', 'write']) =>
    createToken(t.db, userId, { name: 'agent', scopes });
  const byToken = (secret: string, method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = freshIp()) =>
    t.app.inject({ method, url, remoteAddress, headers: { authorization: `Bearer ${secret}` }, payload });
  const byUser = (id: string, method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = freshIp()) =>
    t.app.inject({ method, url, remoteAddress, headers: { 'x-user-id': id }, payload });

  it('refuses a token past RATE_LIMIT_TOKEN_PER_MINUTE with 429, while its user and other tokens go on', async () => {
    const user = await buildUser(t.db);
    const { id, token } = await tokenOf(user.id);
    for (let i = 0; i < 3; i += 1) expect((await byToken(token, 'GET', '/api/folders')).statusCode).toBe(200);
    const refused = await byToken(token, 'GET', '/api/folders');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', details: { budget: 'token' } });
    expect(refused.json().message).toMatch(/Too many requests with this token: at most 3 a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await hits(`token:token:${id}`)).toBe(4);
    // The user's own calls, and another token of theirs, are not counted against this token.
    expect((await byUser(user.token, 'GET', '/api/folders')).statusCode).toBe(200);
    expect((await byUser(user.token, 'POST', '/api/folders/', { name: 'Browser' })).statusCode).toBe(201);
    const other = await tokenOf(user.id);
    expect((await byToken(other.token, 'GET', '/api/folders')).statusCode).toBe(200);
  });

  it("counts a token's route budgets apart from its user's", async () => {
    const user = await buildUser(t.db);
    const { id, token } = await tokenOf(user.id);
    for (const name of ['A', 'B']) {
      expect((await byToken(token, 'POST', '/api/folders/', { name })).statusCode).toBe(201);
    }
    const refused = await byToken(token, 'POST', '/api/folders/', { name: 'C' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.budget).toBe('write');
    expect(await hits(`write:token:${id}`)).toBe(3);
    expect(await hits(`write:user:${user.id}`)).toBe(0);
    // The browser session of the same user still has its whole write budget.
    for (const name of ['D', 'E']) {
      expect((await byUser(user.token, 'POST', '/api/folders/', { name })).statusCode).toBe(201);
    }
    expect((await byUser(user.token, 'POST', '/api/folders/', { name: 'F' })).statusCode).toBe(429);
  });

  it("counts the day's model allowance per user, whichever credential", async () => {
    const config = loadConfig({ RATE_LIMIT_AI_PER_USER_PER_DAY: '2', LOG_LEVEL: 'silent' });
    const limited = Fastify();
    registerErrorHandling(limited);
    await limited.register(identityPlugin, { db: t.db, idleDays: config.SESSION_IDLE_DAYS });
    await limited.register(rateLimitPlugin, { config, counters: t.context.counters });
    limited.post(contract.chat.streamChat.path, async () => ({ ok: true }));
    await limited.ready();
    try {
      const user = await buildUser(t.db);
      const { id, token } = await tokenOf(user.id, ['ai']);
      const ask = (headers: Record<string, string>) =>
        limited.inject({ method: 'POST', url: contract.chat.streamChat.path, remoteAddress: freshIp(), headers });
      expect((await ask({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
      expect((await ask({ 'x-user-id': user.token })).statusCode).toBe(200);
      const refused = await ask({ authorization: `Bearer ${token}` });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().details.budget).toBe('ai_daily');
      expect(await hits(`ai_daily:user:${user.id}`)).toBe(3);
      expect(await hits(`ai_daily:token:${id}`)).toBe(0);
      // The per-minute `ai` budget, like every route budget, is the token's own.
      expect(await hits(`ai:token:${id}`)).toBe(2);
      expect(await hits(`ai:user:${user.id}`)).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
