import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '../../mail/testing/smtp-test-server';
import { buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

const TOKEN = 'operator-secret-0123456789';

/** docs/security.md#mail: the contact page says what really happens; the operator can read what was stored. */
describe.each(testDrivers())('contact delivery and operator reading (%s)', (driver) => {
  let stored: TestApp;
  let mailed: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    // No SMTP_HOST: nothing can be mailed, whatever OPERATOR_EMAIL says.
    stored = await createTestApp(driver, {
      seed: false,
      env: { OPERATOR_EMAIL: 'operator@example.org', OPERATOR_TOKEN: TOKEN, CONTACT_RATE_LIMIT_PER_HOUR: '100' },
    });
    mailed = await createTestApp(driver, {
      seed: false,
      env: { ...smtp.env, OPERATOR_EMAIL: 'operator@example.org', CONTACT_RATE_LIMIT_PER_HOUR: '100' },
    });
  });
  afterAll(async () => {
    await stored.close();
    await mailed.close();
    await smtp.close();
  });

  const send = async (t: TestApp, message: string) => {
    const user = await buildUser(t.db);
    return t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-user-id': user.token },
      payload: { message },
    });
  };
  const status = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/contact/status' });

  it("says 'stored' when the server has no mail, both before and after sending", async () => {
    expect((await status(stored)).json()).toEqual({ delivery: 'stored' });
    const response = await send(stored, 'anyone home?');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, delivery: 'stored' });
  });

  it("says 'email' when SMTP and OPERATOR_EMAIL are set", async () => {
    expect((await status(mailed)).json()).toEqual({ delivery: 'email' });
    expect((await send(mailed, 'mailed one')).json()).toEqual({ ok: true, delivery: 'email' });
  });

  it('lets the operator read stored messages newest first with the Bearer token', async () => {
    await send(stored, 'first');
    await send(stored, 'second');
    const response = await stored.app.inject({
      method: 'GET',
      url: '/api/operator/messages?limit=2',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages.map((m: { message: string }) => m.message)).toEqual(['second', 'first']);
    expect(messages[0]).toMatchObject({ mailed_at: null, mail_error: null, created_at: expect.any(String) });
    const next = await stored.app.inject({
      method: 'GET',
      url: `/api/operator/messages?before=${messages[1].id}`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(next.json().messages.map((m: { message: string }) => m.message)).toEqual(['anyone home?']);
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer operator-secret-0123456780' }],
    ['a token of another length', { authorization: 'Bearer x' }],
    ['the token without Bearer', { authorization: TOKEN }],
  ])('refuses %s with 401', async (_label, headers) => {
    const response = await stored.app.inject({ method: 'GET', url: '/api/operator/messages', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('has no operator route at all without OPERATOR_TOKEN (404)', async () => {
    const response = await mailed.app.inject({
      method: 'GET',
      url: '/api/operator/messages',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
