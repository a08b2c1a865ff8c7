import { MAX_TOPICS } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../db/schema';
import { buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('topics (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const follow = (token: string, topic: unknown) => call(token, 'POST', '/api/topics', { topic });
  const unfollow = (token: string, topic: string) => call(token, 'DELETE', `/api/topics/${encodeURIComponent(topic)}`);
  const listed = async (token: string) => (await call(token, 'GET', '/api/topics')).json().topics as string[];
  const storedRows = (userId: number) =>
    t.db.select({ topic: topics.topic, lastSeenAt: topics.lastSeenAt }).from(topics).where(eq(topics.userId, userId));

  it('lists nothing for a new user', async () => {
    const user = await buildUser(t.db);
    const response = await call(user.token, 'GET', '/api/topics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ topics: [] });
  });

  it('follows topics, trimmed, and returns them all in the order they were followed', async () => {
    const user = await buildUser(t.db);
    expect((await follow(user.token, 'graph neural networks')).json()).toEqual({ topics: ['graph neural networks'] });
    const response = await follow(user.token, '   cs.CL\t');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ topics: ['graph neural networks', 'cs.CL'] });
    expect(await listed(user.token)).toEqual(['graph neural networks', 'cs.CL']);
  });

  it('collapses inner white space, so spacing variants are one topic', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'random   matrix\ntheory');
    expect((await follow(user.token, 'random matrix theory')).json()).toEqual({ topics: ['random matrix theory'] });
  });

  it('is case-insensitively unique: following "GNN" when "gnn" is followed keeps "gnn" and changes nothing', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'gnn');
    const before = await storedRows(user.id);
    const response = await follow(user.token, 'GNN');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ topics: ['gnn'] });
    expect(await storedRows(user.id)).toEqual(before);
  });

  it('keeps each user’s topics apart', async () => {
    const [alice, bob] = [await buildUser(t.db), await buildUser(t.db)];
    await follow(alice.token, 'quantum chaos');
    await follow(bob.token, 'Quantum Chaos');
    expect(await listed(alice.token)).toEqual(['quantum chaos']);
    expect(await listed(bob.token)).toEqual(['Quantum Chaos']);
    expect((await unfollow(bob.token, 'quantum chaos')).json()).toEqual({ ok: true });
    expect(await listed(alice.token)).toEqual(['quantum chaos']);
  });

  it.each([
    ['an empty topic', '', 'topic must not be empty'],
    ['a blank topic', '   ', 'topic must not be empty'],
    ['a 101-character topic', 'x'.repeat(101), 'topic must be at most 100 characters'],
    ['a 10,000-character topic', 'long topic '.repeat(1000).slice(0, 10_000), 'topic must be at most 100 characters'],
    ['a topic that is not text', 42, 'Expected string'],
  ])('refuses %s with 400 naming the problem, and keeps what was stored', async (_label, topic, message) => {
    const user = await buildUser(t.db);
    await follow(user.token, 'kept topic');
    const before = await storedRows(user.id);
    const response = await follow(user.token, topic);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'INVALID_REQUEST',
      message: expect.stringContaining(message),
      details: { fields: [{ in: 'body', field: 'topic' }] },
    });
    expect(await storedRows(user.id)).toEqual(before);
  });

  it('refuses a 10,000-character topic in the DELETE path too, deleting nothing', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'kept topic');
    const response = await unfollow(user.token, 'y'.repeat(10_000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'INVALID_REQUEST',
      message: 'A path parameter is too long (at most 1200 characters once URL-encoded)',
    });
    expect(await listed(user.token)).toEqual(['kept topic']);
  });

  it('unfollows in any case and spacing; an unknown topic answers ok: false', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'Optimal Transport');
    await follow(user.token, 'cs.LG');
    expect((await unfollow(user.token, 'never followed')).json()).toEqual({ ok: false });
    const response = await unfollow(user.token, '  optimal transport ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await listed(user.token)).toEqual(['cs.LG']);
    expect((await unfollow(user.token, 'optimal transport')).json()).toEqual({ ok: false });
  });

  it('unfollows a topic with a slash and non-ASCII letters, URL-encoded', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'Schrödinger / Dirac operators');
    expect((await unfollow(user.token, 'schrödinger / dirac operators')).json()).toEqual({ ok: true });
    expect(await listed(user.token)).toEqual([]);
  });

  it('unfollows a 100-character topic of 3-byte characters (900 characters URL-encoded)', async () => {
    const user = await buildUser(t.db);
    const topic = '图'.repeat(100);
    expect(encodeURIComponent(topic)).toHaveLength(900);
    await follow(user.token, topic);
    const response = await unfollow(user.token, topic);
    expect(response.json()).toEqual({ ok: true });
  });

  it('an over-long topic in the DELETE path (under the URL cap) is 400 naming the topic rule', async () => {
    const user = await buildUser(t.db);
    const response = await unfollow(user.token, 'z'.repeat(101));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid request: topic: topic must be at most 100 characters');
  });

  it(`follows at most ${MAX_TOPICS} topics: one more is 409, a repeat at the cap is still harmless`, async () => {
    const user = await buildUser(t.db);
    await t.db
      .insert(topics)
      .values(Array.from({ length: MAX_TOPICS }, (_, i) => ({ userId: user.id, topic: `topic ${i}` })));
    const refused = await follow(user.token, 'one too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'CONFLICT',
      message: `You already follow ${MAX_TOPICS} topics, the most allowed: unfollow one before following “one too many”`,
    });
    expect(await listed(user.token)).toHaveLength(MAX_TOPICS);
    const repeat = await follow(user.token, 'TOPIC 7');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().topics).toHaveLength(MAX_TOPICS);
    await unfollow(user.token, 'topic 0');
    expect((await follow(user.token, 'one too many')).json().topics.at(-1)).toBe('one too many');
  });

  it('two concurrent follows at the cap leave exactly the cap', async () => {
    const user = await buildUser(t.db);
    await t.db
      .insert(topics)
      .values(Array.from({ length: MAX_TOPICS - 1 }, (_, i) => ({ userId: user.id, topic: `t${i}` })));
    const answers = await Promise.all([follow(user.token, 'last a'), follow(user.token, 'last b')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await listed(user.token)).toHaveLength(MAX_TOPICS);
  });

  it('requires X-User-ID', async () => {
    for (const [method, url] of [
      ['GET', '/api/topics'],
      ['POST', '/api/topics'],
      ['DELETE', '/api/topics/x'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? { topic: 'x' } : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('UNAUTHORIZED');
    }
  });
});
