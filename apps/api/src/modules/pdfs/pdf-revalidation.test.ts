import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';
import { matchesIfNoneMatch } from './pdf-response';

describe('If-None-Match (RFC 9110 §13.1.2)', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"zzz", "abc"', true],
    ['*', true],
    ['"zzz"', false],
    ['abc', false],
    ['', false],
    [undefined, false],
  ])('%j matches "abc": %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected);
  });
});

describe.each(pgliteOnly())('PDFs revalidate with 304 (docs/security.md#browser-headers, %s)', (driver) => {
  let t: TestApp;
  let pdf: Buffer;
  let owner: string;
  let uploadUrl: string;
  let remote: http.Server;
  let remoteHits = 0;
  let proxyUrl: string;
  beforeAll(async () => {
    pdf = await readPdfFixture(NAACL_PDF);
    // A stand-in for the arXiv export host on 127.0.0.1 (no test touches the network).
    remote = http.createServer((_request, response) => {
      remoteHits += 1;
      response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    t = await createTestApp(driver, { seed: false, env: { ARXIV_PDF_BASE_URL: origin } });
    owner = await issueUserId(t.app);
    const upload = await postUpload(t.app, owner, [pdfPart(pdf, 'Revalidated.pdf')]);
    uploadUrl = `/api/uploads/${upload.json().paper_id}/pdf`;
    proxyUrl = `/api/pdf-proxy?url=${encodeURIComponent(`${origin}/pdf/ok.pdf`)}`;
  });
  afterAll(async () => {
    await t.close();
    remote.closeAllConnections();
    await new Promise((resolve) => remote.close(resolve));
  });

  const ownerHeaders = () => ({ 'x-user-id': owner });

  it.each(['upload', 'proxy'] as const)(
    'answers a matching If-None-Match on the %s route with 304 and no body',
    async (kind) => {
      const url = kind === 'upload' ? uploadUrl : proxyUrl;
      const first = await t.app.inject({ url, headers: ownerHeaders() });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

      const again = await t.app.inject({ url, headers: { ...ownerHeaders(), 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);

      // If-None-Match wins over Range (RFC 9110 §13.2.2): pdf.js revalidating a range gets 304 too.
      const ranged = await t.app.inject({
        url,
        headers: { ...ownerHeaders(), 'if-none-match': `W/${etag}`, range: 'bytes=0-99' },
      });
      expect(ranged.statusCode).toBe(304);
    },
  );

  it('sends the whole PDF, uncompressed, when the ETag does not match', async () => {
    const response = await t.app.inject({
      url: uploadUrl,
      headers: { ...ownerHeaders(), 'if-none-match': '"0000"', 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('checks access before the ETag: a stranger who knows it still gets 404, nobody 401', async () => {
    const etag = String((await t.app.inject({ url: uploadUrl, headers: ownerHeaders() })).headers.etag);
    const stranger = await issueUserId(t.app);
    const asStranger = await t.app.inject({
      url: uploadUrl,
      headers: { 'x-user-id': stranger, 'if-none-match': etag },
    });
    expect(asStranger.statusCode).toBe(404);
    expect((await t.app.inject({ url: uploadUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(401);
  });

  it('fetched the remote PDF once for all of it', () => {
    expect(remoteHits).toBe(1);
  });

  it('carries only the framing rule of the CSP on a PDF (Chrome renders PDFs through an <embed>)', async () => {
    const response = await t.app.inject({ url: uploadUrl, headers: ownerHeaders() });
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
