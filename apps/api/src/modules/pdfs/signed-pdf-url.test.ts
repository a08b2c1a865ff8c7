import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { redactCredentials } from '../../lib/redact-credentials';
import { findUserIdByToken } from '../../test-support/factories';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';
import { createPdfUrlSigner } from './signed-pdf-url';

const SECRET = 'test-secret-of-signed-pdf-urls-0123456789';

describe('createPdfUrlSigner', () => {
  const at = (ms: number) => createPdfUrlSigner({ secret: () => Buffer.from(SECRET), ttlSeconds: 600, now: () => ms });
  const parse = (url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    return { u: Number(query.get('u')), exp: Number(query.get('exp')), sig: query.get('sig') as string };
  };
  const t0 = Date.UTC(2026, 0, 1);

  it('signs a same-origin URL of one paper for one user, valid for the TTL', () => {
    const signed = at(t0).sign('paper-a', 7);
    expect(signed.url).toMatch(/^\/api\/uploads\/paper-a\/pdf\?u=7&exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(signed.expiresAt.getTime()).toBe(t0 + 600_000);
    expect(at(t0 + 599_000).verify('paper-a', parse(signed.url))).toBe(7);
  });

  it.each([
    ['expired', (s: ReturnType<typeof parse>) => s, 'paper-a', t0 + 600_000],
    ['for another paper', (s: ReturnType<typeof parse>) => s, 'paper-b', t0],
    ['for another user', (s: ReturnType<typeof parse>) => ({ ...s, u: 8 }), 'paper-a', t0],
    ['with a moved expiry', (s: ReturnType<typeof parse>) => ({ ...s, exp: s.exp + 3600 }), 'paper-a', t0],
    [
      'with a tampered signature',
      (s: ReturnType<typeof parse>) => ({ ...s, sig: `${s.sig.startsWith('A') ? 'B' : 'A'}${s.sig.slice(1)}` }),
      'paper-a',
      t0,
    ],
    ['with a short signature', (s: ReturnType<typeof parse>) => ({ ...s, sig: 'AAAA' }), 'paper-a', t0],
  ])('refuses a signature %s with 403', (_label, change, paperId, now) => {
    const signed = parse(at(t0).sign('paper-a', 7).url);
    const tampered = change(signed);
    expect(() => at(now).verify(paperId, tampered)).toThrow(AppError);
    try {
      at(now).verify(paperId, tampered);
    } catch (error) {
      expect((error as AppError).statusCode).toBe(403);
    }
  });

  it('refuses a signature made with another key', () => {
    const other = createPdfUrlSigner({ secret: () => Buffer.from(`${SECRET}!`), ttlSeconds: 600, now: () => t0 });
    expect(() => at(t0).verify('paper-a', parse(other.sign('paper-a', 7).url))).toThrow(/invalid or has expired/);
  });
});

describe('redactCredentials (request log)', () => {
  it('keeps sig and uid values out of logged URLs', () => {
    expect(redactCredentials('/api/uploads/a/pdf?u=7&exp=99&sig=SECRETSIG')).toBe(
      '/api/uploads/a/pdf?u=7&exp=99&sig=[redacted]',
    );
    expect(redactCredentials('/api/uploads/a/pdf?uid=SECRETID&x=1')).toBe('/api/uploads/a/pdf?uid=[redacted]&x=1');
  });
});

describe.each(pgliteOnly())('signed PDF URLs of uploads (%s)', (driver) => {
  let t: TestApp;
  let owner: string;
  let pdf: Buffer;
  let paperId: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { PDF_URL_SECRET: SECRET } });
    owner = await issueUserId(t.app);
    pdf = await readPdfFixture(NAACL_PDF);
    paperId = (await postUpload(t.app, owner, [pdfPart(pdf)])).json().paper_id;
  });
  afterAll(() => t.close());

  const pdfUrl = (id: string, who: string | undefined) =>
    t.app.inject({ url: `/api/uploads/${id}/pdf-url`, headers: who ? { 'x-user-id': who } : {} });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('hands the reader a short-lived URL that serves the PDF without any header, ranges included', async () => {
    const response = await pdfUrl(paperId, owner);
    expect(response.statusCode).toBe(200);
    const { url, expires_at } = response.json();
    const ttl = Date.parse(expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(500_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
    // The long-lived id never appears in the URL (browser history, logs, Referer).
    expect(url).not.toContain(owner);
    expect(url).not.toMatch(/uid=/);
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const range = await get(url, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
  });

  it('gives a stranger 404 and an anonymous caller 401 instead of a URL', async () => {
    const stranger = await issueUserId(t.app);
    expect((await pdfUrl(paperId, stranger)).statusCode).toBe(404);
    expect((await pdfUrl('no-such-paper', owner)).statusCode).toBe(404);
    expect((await pdfUrl(paperId, undefined)).statusCode).toBe(401);
  });

  it("refuses a tampered, another paper's, expired or incomplete signature", async () => {
    const { url } = (await pdfUrl(paperId, owner)).json();
    const tampered = url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await get(tampered)).statusCode).toBe(403);
    expect((await get(tampered)).json()).toMatchObject({ error: 'FORBIDDEN' });

    const other = (await postUpload(t.app, owner, [pdfPart(Buffer.concat([pdf, Buffer.from('\n%other')]))])).json();
    expect((await get(url.replace(`/uploads/${paperId}/`, `/uploads/${other.paper_id}/`))).statusCode).toBe(403);

    const ownerId = (await findUserIdByToken(t.db, owner)) as number;
    const past = createPdfUrlSigner({
      secret: () => Buffer.from(SECRET),
      ttlSeconds: 600,
      now: () => Date.now() - 601_000,
    });
    const expired = await get(past.sign(paperId, ownerId).url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);

    expect((await get(url.replace(/&sig=.*$/, ''))).statusCode).toBe(400);
  });

  it('re-checks the user it was issued to: a URL of a logged-out user is refused', async () => {
    const reader = await issueUserId(t.app);
    const id = (await postUpload(t.app, reader, [pdfPart(Buffer.concat([pdf, Buffer.from('\n%reader')]))])).json()
      .paper_id;
    const { url } = (await pdfUrl(id, reader)).json();
    expect((await get(url)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-user-id': reader } })).statusCode,
    ).toBe(204);
    expect((await get(url)).statusCode).toBe(403);
  });

  it("re-checks access: a URL forged for a stranger with a valid key still cannot read the owner's paper", async () => {
    const stranger = await issueUserId(t.app);
    const strangerId = (await findUserIdByToken(t.db, stranger)) as number;
    const signer = createPdfUrlSigner({ secret: () => Buffer.from(SECRET), ttlSeconds: 600 });
    expect((await get(signer.sign(paperId, strangerId).url)).statusCode).toBe(404);
  });
});
