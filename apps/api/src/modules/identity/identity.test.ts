import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../../db/schema';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('identity (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  it('issues a fresh 128-bit id on every call', async () => {
    const first = await issueUserId(t.app);
    const second = await issueUserId(t.app);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(first, 'base64url')).toHaveLength(16);
    expect(second).not.toBe(first);
  });

  it('stores only the hash of the id', async () => {
    const id = await issueUserId(t.app);
    const rows = await t.db.select({ tokenHash: userSessions.tokenHash }).from(userSessions);
    const hashes = rows.map((row) => row.tokenHash);
    expect(hashes).toContain(createHash('sha256').update(id).digest('hex'));
    expect(hashes).not.toContain(id);
  });

  it('accepts an issued id on later requests', async () => {
    const id = await issueUserId(t.app);
    const response = await t.app.inject({ url: '/api/papers/count', headers: { 'x-user-id': id } });
    expect(response.statusCode).toBe(200);
  });

  it('lets public reads through without an id', async () => {
    const response = await t.app.inject({ url: '/api/papers' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['an id it never issued', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed id', 'not-an-id'],
  ])('refuses %s with 401 and the error shape', async (_label, id) => {
    const response = await t.app.inject({ url: '/api/papers', headers: { 'x-user-id': id } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'UNAUTHORIZED',
      message: expect.stringContaining('POST /api/user/get_id'),
    });
  });

  it('still issues a new id to a client that sends a stale one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_id',
      headers: { 'x-user-id': 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
