import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { type SmtpTestServer, startSmtpTestServer } from '../../mail/testing/smtp-test-server';
import { buildUser } from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('contact form (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp(driver, {
      seed: false,
      env: { ...smtp.env, OPERATOR_EMAIL: 'operator@example.org', CONTACT_RATE_LIMIT_PER_HOUR: '3' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let ipCount = 0;
  const nextIp = () => {
    ipCount += 1;
    return `198.51.100.${ipCount % 250}`;
  };
  // Each call from another address: the per-user count is what these tests hold to (docs/security.md#rate-limits-and-quotas).
  const send = (token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      headers: token ? { 'x-user-id': token } : {},
      payload: payload as object,
    });
  const stored = async (userId: number) =>
    t.db.select().from(contactMessages).where(eq(contactMessages.userId, userId)).orderBy(contactMessages.id);

  it('stores the message and mails it to the operator, with Reply-To the sender', async () => {
    const user = await buildUser(t.db);
    const response = await send(user.token, {
      name: 'Ada',
      email: 'Ada@Example.org',
      subject: 'Feature <idea>',
      message: 'Please add BibTeX export.\nThanks!',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, delivery: 'email' });
    const [row] = await stored(user.id);
    expect(row).toMatchObject({
      name: 'Ada',
      email: 'ada@example.org',
      message: 'Please add BibTeX export.\nThanks!',
      mailError: null,
    });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    const mail = smtp.mails.find((m) => m.to.includes('operator@example.org') && m.subject.includes(`#${row?.id}`));
    expect(mail?.subject).toBe(`[Paperbench contact #${row?.id}] Feature <idea> from Ada <ada@example.org>`);
    expect(mail?.header('Reply-To')).toContain('ada@example.org');
    expect(mail?.text).toContain('Please add BibTeX export.');
    expect(mail?.html).toContain('Feature &lt;idea&gt;');
  });

  it('limits each user to the configured messages per hour: 429 with Retry-After, nothing more stored', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 3; i += 1) expect((await send(user.token, { message: `note ${i}` })).statusCode).toBe(201);
    const refused = await send(user.token, { message: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('Too many messages: at most 3 an hour'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await stored(user.id)).map((row) => row.message)).toEqual(['note 0', 'note 1', 'note 2']);
    // Another user is not affected.
    expect((await send((await buildUser(t.db)).token, { message: 'hello' })).statusCode).toBe(201);
  });

  it('holds the limit when messages arrive at the same time', async () => {
    const user = await buildUser(t.db);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(user.token, { message: `burst ${i}` })),
    );
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await stored(user.id)).toHaveLength(3);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'message must not be empty'],
    ['a message of 5001 characters', { message: 'x'.repeat(5001) }, 'at most 5000 characters'],
    ['no message at all', { name: 'Ada' }, 'message'],
    ['an invalid reply address', { email: 'nope', message: 'hi' }, 'not an email address'],
  ])('refuses %s with 400 and stores nothing', async (_label, payload, message) => {
    const user = await buildUser(t.db);
    const response = await send(user.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', message: expect.stringContaining(message) });
    expect(await stored(user.id)).toHaveLength(0);
  });

  it('needs X-User-ID (the rate limit counts per user)', async () => {
    const [before] = await t.db.select({ n: count() }).from(contactMessages);
    expect((await send(undefined, { message: 'hi' })).statusCode).toBe(401);
    const [after] = await t.db.select({ n: count() }).from(contactMessages);
    expect(after?.n).toBe(before?.n);
  });
});

describe.each(pgliteOnly())('contact form when mail fails (%s)', (driver) => {
  it('keeps the message and records why it was not mailed', async () => {
    const down = await startSmtpTestServer();
    await down.close();
    const t = await createTestApp(driver, {
      seed: false,
      env: { ...down.env, OPERATOR_EMAIL: 'operator@example.org' },
    });
    try {
      const user = await buildUser(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'x-user-id': user.token },
        payload: { message: 'Is anyone there?' },
      });
      expect(response.statusCode).toBe(201);
      const [row] = await t.db.select().from(contactMessages);
      expect(row).toMatchObject({
        message: 'Is anyone there?',
        mailedAt: null,
        mailError: expect.stringMatching(/ECONNREFUSED|connect/i),
      });
    } finally {
      await t.close();
    }
  });

  it('stores without mailing when SMTP is not configured', async () => {
    const t = await createTestApp(driver, { seed: false, env: { OPERATOR_EMAIL: 'operator@example.org' } });
    try {
      const user = await buildUser(t.db);
      const headers = { 'x-user-id': user.token };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/contact', headers, payload: { message: 'hi' } })).statusCode,
      ).toBe(201);
      expect(await t.db.select().from(contactMessages)).toMatchObject([
        { message: 'hi', mailedAt: null, mailError: null },
      ]);
    } finally {
      await t.close();
    }
  });
});
