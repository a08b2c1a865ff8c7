import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/security.md#sessions: ids that end (logout, idle expiry) and a last_seen_at written about hourly, not per request. */
describe.each(testDrivers())('sessions that end (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { SESSION_IDLE_DAYS: '30' } });
  });
  afterAll(() => t.close());

  const asUser = (id: string, url = '/api/folders') => t.app.inject({ url, headers: { 'x-user-id': id } });
  const logout = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
  const userRow = async (id: string) => {
    const [row] = await t.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.tokenHash, hashUserToken(id)));
    return row;
  };
  const setLastSeen = (id: string, ago: string) =>
    t.db
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - ${ago}::interval` })
      .where(eq(userSessions.tokenHash, hashUserToken(id)));

  it('logout revokes the id server-side: 204, then 401 like an id never issued', async () => {
    const id = await issueUserId(t.app);
    expect((await asUser(id)).statusCode).toBe(200);
    const response = await logout({ 'x-user-id': id });
    expect(response.statusCode).toBe(204);
    expect((await userRow(id))?.revokedAt).toBeInstanceOf(Date);
    const after = await asUser(id);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.stringContaining('POST /api/user/get_id') });
    // A revoked id cannot log out again, and the client can still get a fresh id while sending it.
    expect((await logout({ 'x-user-id': id })).statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/user/get_id', headers: { 'x-user-id': id } });
    expect(fresh.statusCode).toBe(200);
    expect((await asUser(fresh.json().user_id)).statusCode).toBe(200);
  });

  it('logout without an id is refused with 401 and revokes nothing', async () => {
    const id = await issueUserId(t.app);
    const response = await logout();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect((await asUser(id)).statusCode).toBe(200);
  });

  it('refuses an id idle longer than SESSION_IDLE_DAYS with 401, and keeps one used within it', async () => {
    const idle = await issueUserId(t.app);
    const recent = await issueUserId(t.app);
    await setLastSeen(idle, '31 days');
    await setLastSeen(recent, '29 days');
    expect((await asUser(idle)).statusCode).toBe(401);
    expect((await asUser(recent)).statusCode).toBe(200);
  });

  it('refreshes last_seen_at on use, but at most about once an hour (no write per request)', async () => {
    const id = await issueUserId(t.app);
    await setLastSeen(id, '30 minutes');
    const before = (await userRow(id))?.lastSeenAt as Date;
    expect((await asUser(id)).statusCode).toBe(200);
    expect((await userRow(id))?.lastSeenAt.getTime()).toBe(before.getTime());

    await setLastSeen(id, '2 hours');
    const stale = (await userRow(id))?.lastSeenAt as Date;
    expect((await asUser(id)).statusCode).toBe(200);
    const refreshed = (await userRow(id))?.lastSeenAt as Date;
    expect(refreshed.getTime()).toBeGreaterThan(stale.getTime() + 60 * 60 * 1000);
    // Used again right away: unchanged.
    expect((await asUser(id)).statusCode).toBe(200);
    expect((await userRow(id))?.lastSeenAt.getTime()).toBe(refreshed.getTime());
  });

  it('keeps an id refreshed by use alive past the idle window it would otherwise have crossed', async () => {
    const id = await issueUserId(t.app);
    await setLastSeen(id, '29 days');
    expect((await asUser(id)).statusCode).toBe(200);
    const row = await userRow(id);
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(24 * 60 * 60 * 1000);
  });
});
