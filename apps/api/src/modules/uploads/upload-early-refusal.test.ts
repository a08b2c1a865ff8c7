import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { USER_ID_HEADER } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, uploads } from '../../db/schema';
import { buildUser } from '../../test-support/factories';
import { multipartBody } from '../../test-support/multipart';
import { createTestApp, pgliteOnly, type TestApp } from '../../test-support/test-app';

/** A body of some megabytes: far more than the socket buffers hold, so an unread rest is really unread. */
const BIG = 8 * 1024 * 1024;
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x20)]);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request over a real socket, writing the body in 64 KB pieces as a browser does, and resolves with
 * the server's answer once the socket has closed without an error. app.inject cannot show this: a
 * server that answers early and closes with unread bytes makes the client's kernel see a reset, and the
 * client gets ECONNRESET (or EPIPE) instead of the answer (docs/security.md#input-validation).
 */
function send(port: number, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload/',
      headers: { ...headers, 'content-length': String(body.length) },
      agent: false,
    });
    let answer: Answer | undefined;
    let failure: Error | undefined;
    // A reset may come after the answer (while the client still writes its body): wait for the socket to
    // close, and count any error on the way as a failure.
    request.on('error', (error) => {
      failure ??= error;
    });
    request.on('close', () =>
      failure || !answer ? reject(failure ?? new Error('closed without an answer')) : resolve(answer),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => {
        failure ??= error;
      });
      response.on('end', () => {
        answer = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        };
      });
    });
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

describe.each(pgliteOnly())('upload refused before its body is read answers, never resets (%s)', (driver) => {
  let t: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { UPLOAD_MAX_BYTES: String(16 * 1024 * 1024) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = (await buildUser(t.db)).token;
  });
  afterAll(() => t?.close());

  const expectNothingStored = async () => {
    expect(await t.db.select().from(uploads)).toEqual([]);
    expect(await t.db.select().from(storedFiles)).toEqual([]);
  };

  const cases: [string, () => { headers: Record<string, string>; payload: Buffer }, number, RegExp][] = [
    [
      'no X-User-ID',
      () => multipartBody([{ name: 'file', filename: 'a.pdf', content: pdfOf(BIG) }]),
      401,
      /X-User-ID header required/,
    ],
    [
      'an X-User-ID the server never issued',
      () => {
        const { headers, payload } = multipartBody([{ name: 'file', filename: 'a.pdf', content: pdfOf(BIG) }]);
        return { headers: { ...headers, [USER_ID_HEADER]: 'AAAAAAAAAAAAAAAAAAAAAA' }, payload };
      },
      401,
      /Unknown X-User-ID/,
    ],
    [
      'the wrong field name',
      () => {
        const { headers, payload } = multipartBody([{ name: 'document', filename: 'a.pdf', content: pdfOf(BIG) }]);
        return { headers: { ...headers, [USER_ID_HEADER]: token }, payload };
      },
      400,
      /send the PDF as "file"/,
    ],
    [
      'a body that is not multipart',
      () => ({ headers: { 'content-type': 'application/octet-stream', [USER_ID_HEADER]: token }, payload: pdfOf(BIG) }),
      415,
      /multipart\/form-data|Content-Type/,
    ],
    [
      'a file that is not a PDF',
      () => {
        const content = Buffer.alloc(BIG, 0x41);
        const { headers, payload } = multipartBody([{ name: 'file', filename: 'a.pdf', content }]);
        return { headers: { ...headers, [USER_ID_HEADER]: token }, payload };
      },
      415,
      /PDF/,
    ],
    [
      'a file over the upload limit',
      () => {
        const { headers, payload } = multipartBody([{ name: 'file', filename: 'a.pdf', content: pdfOf(2 * BIG + 1) }]);
        return { headers: { ...headers, [USER_ID_HEADER]: token }, payload };
      },
      413,
      /larger than/,
    ],
  ];

  it.each(cases)('%s: answers with the error shape, not a reset', async (_what, build, status, message) => {
    const { headers, payload } = build();
    const answer = await send(port, headers, payload);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(answer.body);
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['error', 'message']));
    expect(body.message).toMatch(message);
    await expectNothingStored();
  });

  it('still serves the next request after a refusal (the server is not left holding a half-read socket)', async () => {
    const { headers, payload } = multipartBody([{ name: 'file', filename: 'a.pdf', content: pdfOf(1024) }]);
    const answer = await send(port, { ...headers, [USER_ID_HEADER]: token }, payload);
    expect(answer.status).toBe(201);
  });
});

describe.each(pgliteOnly())('upload over its rate budget answers 429, never resets (%s)', (driver) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // The upload budget counts before the body is read (an onRequest hook): the earliest refusal of all.
    t = await createTestApp(driver, { seed: false, env: { RATE_LIMIT_UPLOAD_PER_HOUR: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers the second upload of the hour with 429 and the error shape', async () => {
    const { token } = await buildUser(t.db);
    const upload = () => {
      const { headers, payload } = multipartBody([{ name: 'file', filename: 'a.pdf', content: pdfOf(BIG) }]);
      return send(port, { ...headers, [USER_ID_HEADER]: token }, payload);
    };
    expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'TOO_MANY_REQUESTS', message: expect.any(String) });
  });
});
