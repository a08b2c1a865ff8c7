import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, subscriptions, topics } from '../db/schema';
import { buildUser } from '../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { type SmtpTestServer, startSmtpTestServer } from './testing/smtp-test-server';

/**
 * docs/security.md#mail: "twenty fresh ids sent twenty confirmation mails carrying attacker text to one
 * third-party address". Per address, per IP and globally, mails are now limited, and none echoes user text.
 */
describe.each(testDrivers())('mail aimed at strangers (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let ip = 0;
  const nextIp = () => {
    ip += 1;
    return `192.0.2.${ip}`;
  };
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp(driver, {
      seed: false,
      env: {
        ...smtp.env,
        OPERATOR_EMAIL: 'operator@example.org',
        MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '1',
        MAIL_MAX_PER_HOUR: '12',
        RATE_LIMIT_MAIL_PER_HOUR: '4',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A fresh id following an attacker-named topic asks for a digest to `email`. */
  async function subscribe(email: string, { from = nextIp(), topic = 'Click http://evil.example now' } = {}) {
    const user = await buildUser(t.db);
    await t.db.insert(topics).values({ userId: user.id, topic });
    return t.app.inject({
      method: 'PUT',
      url: '/api/subscription',
      remoteAddress: from,
      headers: { 'x-user-id': user.token },
      payload: { email, frequency: 'daily', topics: [topic] },
    });
  }
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

  it('sends one confirmation per address per day, whoever asks; the rest get 429 and no mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await subscribe('victim@example.org')).statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status === 429)).toBe(true);
    expect(mailsTo('victim@example.org')).toHaveLength(1);
    // Case and spaces do not make another address.
    expect((await subscribe(' VICTIM@example.org ')).statusCode).toBe(429);
    expect(mailsTo('victim@example.org')).toHaveLength(1);
  });

  it('puts no user-written text (topic names) into the confirmation mail', async () => {
    const topic = 'Buy cheap pills at evil.example';
    expect((await subscribe('curious@example.org', { topic })).statusCode).toBe(200);
    const [mail] = mailsTo('curious@example.org');
    expect(mail).toBeDefined();
    expect(`${mail?.subject}\n${mail?.text}\n${mail?.html}`).not.toMatch(/evil\.example|pills/);
  });

  it("lets the subscriber's own Resend go out twice more that day, then refuses it", async () => {
    const user = await buildUser(t.db);
    const headers = { 'x-user-id': user.token };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/subscription',
      remoteAddress: nextIp(),
      headers,
      payload: { email: 'mine@example.org', frequency: 'weekly', topics: [] },
    });
    expect(put.statusCode).toBe(200);
    const resend = async () => {
      // Past the one-minute cooldown of one subscription, so only the per-address limit speaks.
      await t.db
        .update(subscriptions)
        .set({ confirmationSentAt: new Date(Date.now() - 3_600_000) })
        .where(eq(subscriptions.userId, user.id));
      return t.app.inject({ method: 'POST', url: '/api/subscription/resend', remoteAddress: nextIp(), headers });
    };
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('already went to this address today');
    expect(mailsTo('mine@example.org')).toHaveLength(3);
  });

  it('limits subscription changes per IP with the mail budget', async () => {
    const from = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await subscribe(`ip-${i}@example.org`, { from })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(mailsTo('ip-4@example.org')).toHaveLength(0);
  });

  it('stops at the global hourly mail budget: confirmations refused, contact messages stored but not mailed', async () => {
    // Earlier tests sent 9 of the 12 mails an hour; fresh addresses from fresh IPs use up the rest.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await subscribe(`late-${i}@example.org`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await subscribe('later@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('as many mails as it may this hour');
    expect(mailsTo('later@example.org')).toHaveLength(0);
    const pending = await t.db.select().from(subscriptions).where(eq(subscriptions.email, 'later@example.org'));
    expect(pending).toMatchObject([{ status: 'pending' }]);
    const before = smtp.mails.length;

    const user = await buildUser(t.db);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-user-id': user.token },
      payload: { message: 'hello operator' },
    });
    expect(contact.statusCode).toBe(201);
    expect(contact.json()).toEqual({ ok: true, delivery: 'stored' });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id));
    expect(row).toMatchObject({
      message: 'hello operator',
      mailedAt: null,
      mailError: expect.stringContaining('MAIL_MAX_PER_HOUR'),
    });
    expect(smtp.mails.length).toBe(before);
  });
});
