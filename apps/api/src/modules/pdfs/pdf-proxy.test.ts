import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZPdfFetchError } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState } from '../../test-support/uploads';

const MAX_BYTES = 200_000;
const TIMEOUT_MS = 300;

/** A stand-in for the arXiv export host on 127.0.0.1 (no test touches the network). */
async function startRemote(pdf: Buffer) {
  const hits = new Map<string, number>();
  const pending = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) =>
      response.writeHead(status, { 'content-type': 'application/pdf', ...headers }).end(body);
    switch (path) {
      case '/pdf/ok.pdf':
      case '/pdf/moved-here.pdf':
        return send(200, pdf);
      case '/pdf/redirect-inside':
        return send(302, '', { location: '/pdf/moved-here.pdf' });
      case '/pdf/redirect-outside':
        return send(302, '', { location: `http://localhost:${port()}/pdf/ok.pdf` });
      case '/pdf/redirect-loop':
        return send(301, '', { location: '/pdf/redirect-loop' });
      case '/pdf/not-a-pdf':
        return send(200, '<html>Not a PDF</html>', { 'content-type': 'text/html' });
      case '/pdf/missing':
        return send(404, 'no such paper');
      case '/pdf/withdrawn':
        return send(410, 'gone');
      case '/pdf/server-error':
        return send(500, 'oops');
      case '/pdf/empty':
        return send(200, '');
      case '/pdf/hang-up':
        // The connection drops before any answer: what a host that is down or a broken route looks like.
        return request.socket.destroy();
      case '/pdf/huge-declared':
        return send(200, pdf, { 'content-length': String(MAX_BYTES * 10) });
      case '/pdf/huge-streamed':
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.write(pdf);
        response.write(pdf);
        return response.end();
      case '/pdf/slow-headers':
        pending.add(response);
        return;
      case '/pdf/slow-body':
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.write(pdf.subarray(0, 1000));
        pending.add(response);
        return;
      default:
        return send(404, 'unknown');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port()}`,
    hits,
    close: async () => {
      for (const response of pending) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(testDrivers())('GET /api/pdf-proxy (%s)', (driver) => {
  let t: TestApp;
  let remote: Awaited<ReturnType<typeof startRemote>>;
  let pdf: Buffer;
  let deadOrigin: string;
  beforeAll(async () => {
    pdf = await readPdfFixture(NAACL_PDF);
    remote = await startRemote(pdf);
    deadOrigin = `http://127.0.0.1:${await closedPort()}`;
    t = await createTestApp(driver, {
      seed: false,
      env: {
        ARXIV_PDF_BASE_URL: remote.origin,
        ACL_PDF_BASE_URL: deadOrigin,
        PDF_FETCH_TIMEOUT_MS: String(TIMEOUT_MS),
        PDF_FETCH_MAX_BYTES: String(MAX_BYTES),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await remote.close();
  });

  const proxy = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/pdf-proxy?url=${encodeURIComponent(url)}`, headers });

  it('fetches an allowed PDF once, then serves it from storage (with ranges)', async () => {
    const first = await proxy(`${remote.origin}/pdf/ok.pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.equals(pdf)).toBe(true);
    const second = await proxy(`${remote.origin}/pdf/ok.pdf#page=2`, { range: 'bytes=0-99' });
    expect(second.statusCode).toBe(206);
    expect(second.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    expect(remote.hits.get('/pdf/ok.pdf')).toBe(1);
    expect((await libraryState(t)).remotePdfs).toBe(1);
  });

  it('follows a redirect that stays on the allowed host', async () => {
    const response = await proxy(`${remote.origin}/pdf/redirect-inside`);
    expect(response.statusCode).toBe(200);
    expect(remote.hits.get('/pdf/moved-here.pdf')).toBe(1);
  });

  it.each([
    ['arXiv without the export host', 'https://arxiv.org/pdf/1706.03762'],
    ['a file: URL', 'file:///etc/passwd'],
    ['another port of the allowed host', 'http://127.0.0.1:1/pdf/ok.pdf'],
    ['another name for the allowed host', 'http://localhost/pdf/ok.pdf'],
    ['user info in front of another host', 'http://127.0.0.1@example.org/pdf/ok.pdf'],
    ['not a URL at all', 'pdf/ok.pdf'],
  ])('refuses %s with 400 without fetching', async (_name, url) => {
    const before = [...remote.hits.values()].reduce((a, b) => a + b, 0);
    const response = await proxy(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST' });
    expect([...remote.hits.values()].reduce((a, b) => a + b, 0)).toBe(before);
  });

  it('refuses a missing url with 400', async () => {
    expect((await t.app.inject({ url: '/api/pdf-proxy' })).statusCode).toBe(400);
  });

  const failures = [
    [
      'a connection dropped before any answer',
      '/pdf/hang-up',
      502,
      'unreachable',
      /^arXiv unreachable: connection failed/,
    ],
    [
      'headers that do not come in time',
      '/pdf/slow-headers',
      502,
      'unreachable',
      /^arXiv unreachable: .*within 300 ms/,
    ],
    ['a body that stalls', '/pdf/slow-body', 502, 'unreachable', /^arXiv unreachable: .*within 300 ms/],
    ['a 404', '/pdf/missing', 404, 'not_found', /^arXiv has no PDF at \/pdf\/missing \(.*HTTP 404\)/],
    ['a 410', '/pdf/withdrawn', 404, 'not_found', /HTTP 410/],
    ['a declared size over the cap', '/pdf/huge-declared', 413, 'too_large', /larger than 200000 bytes/],
    ['a streamed size over the cap', '/pdf/huge-streamed', 413, 'too_large', /larger than 200000 bytes/],
    ['an answer that is not a PDF', '/pdf/not-a-pdf', 415, 'not_pdf', /text\/html, not a PDF/],
    ['an empty answer', '/pdf/empty', 415, 'not_pdf', /an empty answer, not a PDF/],
    ['another error status', '/pdf/server-error', 502, 'upstream_error', /HTTP 500/],
    ['a redirect to a host that is not allowed', '/pdf/redirect-outside', 502, 'upstream_error', /not allowed/],
    ['a redirect loop', '/pdf/redirect-loop', 502, 'upstream_error', /more than 3 redirects/],
  ] as const;
  const ERROR_OF_STATUS = {
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    502: 'BAD_GATEWAY',
  };

  // docs/security.md#remote-pdfs: each failure has its own status and details.reason (the viewer says why).
  it.each(failures.map(([name, path, status, reason, message]) => ({ name, path, status, reason, message })))(
    'answers $name with $status ($reason) and caches nothing',
    async ({ path, status, reason, message }) => {
      const before = await libraryState(t);
      const response = await proxy(`${remote.origin}${path}`);
      expect(response.statusCode).toBe(status);
      const body = ZPdfFetchError.parse(response.json());
      expect(body).toMatchObject({ error: ERROR_OF_STATUS[status], details: { reason } });
      expect(body.message).toMatch(message);
      if (reason === 'too_large') expect(body.details.max_bytes).toBe(MAX_BYTES);
      expect(await libraryState(t)).toEqual(before);
    },
  );

  it('answers an unreachable allowed host with 502 unreachable naming the host and the cause', async () => {
    const response = await proxy(`${deadOrigin}/N18-3011.pdf`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: 'BAD_GATEWAY',
      message: expect.stringMatching(/^ACL Anthology unreachable: connection failed \(ECONNREFUSED\)/),
      details: { reason: 'unreachable' },
    });
  });

  it('tries again after a failure (nothing was cached)', async () => {
    await proxy(`${remote.origin}/pdf/missing`);
    await proxy(`${remote.origin}/pdf/missing`);
    expect(remote.hits.get('/pdf/missing')).toBeGreaterThanOrEqual(2);
  });
});
