import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, topics } from '../../db/schema';
import { type SmtpTestServer, startSmtpTestServer, tokenFrom } from '../../mail/testing/smtp-test-server';
import { buildUser } from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('email subscription (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp(driver, { seed: false, env: smtp.env });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A user following the given topics, with request helpers bound to their id. */
  async function subscriber(followed: string[] = ['graph neural networks', 'cs.CL']) {
    const user = await buildUser(t.db);
    if (followed.length > 0) await t.db.insert(topics).values(followed.map((topic) => ({ userId: user.id, topic })));
    const headers = { 'x-user-id': user.token };
    return {
      user,
      get: () => t.app.inject({ method: 'GET', url: '/api/subscription', headers }),
      put: (payload: unknown) =>
        t.app.inject({ method: 'PUT', url: '/api/subscription', headers, payload: payload as object }),
      resend: () => t.app.inject({ method: 'POST', url: '/api/subscription/resend', headers }),
      remove: () => t.app.inject({ method: 'DELETE', url: '/api/subscription', headers }),
      row: async () => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0],
      /** Pretends the last confirmation mail went out long ago (the resend cooldown is a minute). */
      age: () =>
        t.db
          .update(subscriptions)
          .set({ confirmationSentAt: new Date(Date.now() - 3_600_000) })
          .where(eq(subscriptions.userId, user.id)),
    };
  }
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/subscription/confirm', payload: { token } });
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

  it("shows 'none' with mail enabled before anything is set up", async () => {
    const s = await subscriber();
    const response = await s.get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'none', email: null, topics: [], mail_enabled: true });
  });

  it('subscribes pending, mails a confirmation whose link makes it active, once', async () => {
    const s = await subscriber();
    const put = await s.put({ email: ' Ada@Example.org ', frequency: 'weekly', topics: ['CS.cl'] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      status: 'pending',
      email: 'ada@example.org',
      frequency: 'weekly',
      topics: ['cs.CL'],
    });
    expect(put.json().confirmation_sent_at).toMatch(/^\d{4}-/);

    const [mail] = mailsTo('ada@example.org');
    expect(mail?.subject).toBe('Confirm your Paperbench digest');
    expect(mail?.text).toContain('a weekly digest of new papers on the topics you follow');
    // docs/security.md#mail: nothing a user wrote goes to an address that has not confirmed.
    expect(`${mail?.text}${mail?.html}${mail?.subject}`).not.toContain('cs.CL');
    const link = /http:\/\/paperbench\.test\/subscription\?confirm=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail?.html).toContain(link?.replace(/&/g, '&amp;'));
    const token = tokenFrom(mail?.text ?? '', 'confirm');
    // Only the hash is stored.
    expect((await s.row())?.confirmTokenHash).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'active', email: 'ada@example.org' });
    expect((await s.get()).json()).toMatchObject({ status: 'active', confirmed_at: expect.any(String) });

    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'NOT_FOUND', message: expect.stringContaining('already used') });
    expect((await s.row())?.status).toBe('active');
  });

  it('puts List-Unsubscribe headers on the mail, and the one-click POST unsubscribes idempotently', async () => {
    const s = await subscriber();
    await s.put({ email: 'oneclick@example.org', frequency: 'daily', topics: [] });
    const [mail] = mailsTo('oneclick@example.org');
    expect(mail?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const target = /^<(http:\/\/paperbench\.test\/api\/subscription\/unsubscribe\?token=[^>]+)>$/.exec(
      mail?.header('List-Unsubscribe') ?? '',
    )?.[1];
    expect(target).toBeDefined();
    expect(mail?.text).toMatch(/Unsubscribe: http:\/\/paperbench\.test\/subscription\?unsubscribe=/);
    const url = (target as string).replace('http://paperbench.test', '');
    // RFC 8058: the client POSTs this exact form body.
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, email: 'oneclick@example.org' });
    const unsubscribedAt = (await s.row())?.unsubscribedAt;
    expect((await oneClick()).statusCode).toBe(200);
    expect((await s.row())?.unsubscribedAt).toEqual(unsubscribedAt);
    expect((await s.get()).json()).toMatchObject({ status: 'unsubscribed' });
    // The pending confirmation link dies with the unsubscribe.
    expect((await confirm(tokenFrom(mail?.text ?? '', 'confirm'))).statusCode).toBe(404);
  });

  it('keeps an active subscription active when only frequency or topics change', async () => {
    const s = await subscriber();
    await s.put({ email: 'keep@example.org', frequency: 'daily', topics: [] });
    await confirm(tokenFrom(mailsTo('keep@example.org')[0]?.text ?? '', 'confirm'));
    const changed = await s.put({ email: 'keep@example.org', frequency: 'weekly', topics: ['graph neural networks'] });
    expect(changed.json()).toMatchObject({ status: 'active', frequency: 'weekly', topics: ['graph neural networks'] });
    expect(mailsTo('keep@example.org')).toHaveLength(1);
  });

  it('sends a changed address back to pending with a new confirmation, and resend replaces the link', async () => {
    const s = await subscriber();
    await s.put({ email: 'old@example.org', frequency: 'daily', topics: [] });
    await confirm(tokenFrom(mailsTo('old@example.org')[0]?.text ?? '', 'confirm'));
    await s.age();
    const moved = await s.put({ email: 'new@example.org', frequency: 'daily', topics: [] });
    expect(moved.json()).toMatchObject({ status: 'pending', email: 'new@example.org', confirmed_at: null });
    const firstLink = tokenFrom(mailsTo('new@example.org')[0]?.text ?? '', 'confirm');

    const tooSoon = await s.resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooSoon.json()).toMatchObject({
      error: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('check your inbox'),
    });

    await s.age();
    expect((await s.resend()).statusCode).toBe(200);
    const secondLink = tokenFrom(mailsTo('new@example.org')[1]?.text ?? '', 'confirm');
    expect((await confirm(firstLink)).statusCode).toBe(404);
    expect((await confirm(secondLink)).json()).toMatchObject({ status: 'active', email: 'new@example.org' });
    expect((await s.resend()).statusCode).toBe(409);
  });

  it('deletes the subscription and its address', async () => {
    const s = await subscriber();
    await s.put({ email: 'gone@example.org', frequency: 'daily', topics: [] });
    expect((await s.remove()).json()).toEqual({ ok: true });
    expect(await s.row()).toBeUndefined();
    expect((await s.get()).json()).toMatchObject({ status: 'none' });
    expect((await s.remove()).json()).toEqual({ ok: false });
  });

  describe('bad input, refused with nothing stored changed', () => {
    const stored = async (s: Awaited<ReturnType<typeof subscriber>>) => {
      await s.put({ email: 'stable@example.org', frequency: 'daily', topics: ['cs.CL'] });
      return s.row();
    };

    it.each([
      ['an invalid email', { email: 'not-an-address', frequency: 'daily', topics: [] }, 'email: not an email address'],
      [
        'an unknown frequency',
        { email: 'a@example.org', frequency: 'hourly', topics: [] },
        "frequency must be 'daily' or 'weekly'",
      ],
      [
        'too many topics',
        { email: 'a@example.org', frequency: 'daily', topics: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        'at most 20 topics',
      ],
      [
        'a 10,000-character topic',
        { email: 'a@example.org', frequency: 'daily', topics: ['x'.repeat(10_000)] },
        'at most 100 characters',
      ],
      [
        'a topic the user does not follow',
        { email: 'a@example.org', frequency: 'daily', topics: ['cs.CL', 'astro-ph'] },
        'You do not follow “astro-ph”',
      ],
    ])('%s → 400', async (_label, payload, message) => {
      const s = await subscriber();
      const before = await stored(s);
      const response = await s.put(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', message: expect.stringContaining(message) });
      expect(await s.row()).toEqual(before);
    });

    it.each([
      ['a wrong confirmation token', () => confirm('x'.repeat(43))],
      ['an empty confirmation token', () => confirm('')],
      [
        'a wrong unsubscribe token',
        () => t.app.inject({ method: 'POST', url: '/api/subscription/unsubscribe?token=nope' }),
      ],
    ])('%s → 4xx', async (_label, call) => {
      const s = await subscriber();
      const before = await stored(s);
      const response = await call();
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json().message).toMatch(/token|link/i);
      expect(await s.row()).toEqual(before);
    });

    it('needs X-User-ID for the page calls', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/subscription' });
      expect(response.statusCode).toBe(401);
    });
  });
});

describe.each(pgliteOnly())('email subscription when mail is not available (%s)', (driver) => {
  it('refuses to subscribe without SMTP, with a clear 409, and says so in GET', async () => {
    const t = await createTestApp(driver, { seed: false });
    try {
      const user = await buildUser(t.db);
      const headers = { 'x-user-id': user.token };
      expect((await t.app.inject({ url: '/api/subscription', headers })).json()).toMatchObject({ mail_enabled: false });
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/subscription',
        headers,
        payload: { email: 'a@example.org', frequency: 'daily', topics: [] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('no SMTP server configured');
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('keeps the subscription pending and answers 502 when the SMTP server is down', async () => {
    const down = await startSmtpTestServer();
    await down.close();
    const t = await createTestApp(driver, { seed: false, env: down.env });
    try {
      const user = await buildUser(t.db);
      const headers = { 'x-user-id': user.token };
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/subscription',
        headers,
        payload: { email: 'a@example.org', frequency: 'daily', topics: [] },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: 'BAD_GATEWAY', message: expect.stringContaining('Resend') });
      expect((await t.app.inject({ url: '/api/subscription', headers })).json()).toMatchObject({
        status: 'pending',
        confirmation_sent_at: null,
      });
    } finally {
      await t.close();
    }
  });
});
