import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageViewDays, pageViews, userSessions } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { lastDays } from './metrics.service';

const beacon = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ event: 'page_view', path: '/', title: 'Home', ts: Date.now(), uid: 'anon', ...overrides });

describe('lastDays', () => {
  it('lists the last five UTC days, oldest first, across a month boundary', () => {
    expect(lastDays(new Date('2026-03-02T23:59:00Z'), 5)).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe.each(testDrivers())('metrics (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(pageViews);
    await t.db.delete(pageViewDays);
  });

  const track = (payload: string, contentType = 'text/plain;charset=UTF-8') =>
    t.app.inject({ method: 'POST', url: '/api/metrics/track', headers: { 'content-type': contentType }, payload });
  const siteMetric = async () => (await t.app.inject({ url: '/api/metrics/site-metric' })).json();

  it('starts at zero with five zero days', async () => {
    expect(await siteMetric()).toEqual({ total: 0, last5: [0, 0, 0, 0, 0] });
  });

  it('counts a beacon sent as text (navigator.sendBeacon) and as JSON', async () => {
    expect((await track(beacon())).statusCode).toBe(202);
    expect((await track(beacon({ path: '/search' }), 'application/json')).statusCode).toBe(202);
    expect(await siteMetric()).toEqual({ total: 2, last5: [0, 0, 0, 0, 2] });
  });

  it('puts earlier days in their place, oldest first, with zeros between', async () => {
    const [d0, , d2] = lastDays(new Date(), 5) as [string, string, string];
    await t.db.insert(pageViewDays).values([
      { day: d0, views: 7 },
      { day: d2, views: 3 },
      { day: '2001-01-01', views: 100 },
    ]);
    await track(beacon());
    expect(await siteMetric()).toEqual({ total: 111, last5: [7, 0, 3, 0, 1] });
  });

  it('links a beacon to a known user without storing the id it was sent', async () => {
    const id = await issueUserId(t.app);
    await track(beacon({ uid: id }));
    const [row] = await t.db.select().from(pageViews);
    expect(row?.userId).toEqual(expect.any(Number));
    expect(JSON.stringify(row)).not.toContain(id);
  });

  it('counts a beacon whose id was logged out or lay idle past SESSION_IDLE_DAYS as anonymous (the X-User-ID rule)', async () => {
    const loggedOut = await issueUserId(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-user-id': loggedOut } });
    const idle = await issueUserId(t.app);
    await t.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '401 days'` })
      .where(eq(userSessions.tokenHash, hashUserToken(idle)));
    await track(beacon({ uid: loggedOut }));
    await track(beacon({ uid: idle }));
    const rows = await t.db.select().from(pageViews);
    expect(rows.map((row) => row.userId)).toEqual([null, null]);
  });

  it.each([
    ['malformed JSON text', '{"event":'],
    ['a missing path', JSON.stringify({ event: 'page_view', ts: 1 })],
    ['a negative timestamp', beacon({ ts: -5 })],
    ['a wrong type', beacon({ ts: 'yesterday' })],
    // docs/security.md#input-validation: these were a 500 (an Invalid Date reaching SQL), without authentication.
    ['a timestamp of 1e21', beacon({ ts: 1e21 })],
    ['a timestamp past the year 9999', beacon({ ts: 2 ** 53 })],
    ['a NUL character in the path', beacon({ path: '/a\u0000b' })],
    ['a lone surrogate in the title', beacon({ title: 'x\uD800' })],
  ])('refuses %s with 400 and records nothing', async (_label, payload) => {
    const response = await track(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', message: expect.any(String) });
    expect(await siteMetric()).toEqual({ total: 0, last5: [0, 0, 0, 0, 0] });
  });
});
