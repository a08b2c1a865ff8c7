import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperTexts } from '../../db/schema';
import { multipartBody } from '../../test-support/multipart';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../../test-support/uploads';
import { recoverUploads } from './upload-recovery';

/** Waits until `check` passes (server-side clean-up finishes after the client has gone). */
async function eventually(check: () => Promise<void>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Sends an upload over a real socket, announcing more bytes than it sends, then ends its side: what
 * a client that dies mid-upload looks like to the server. Resolves with whatever the server answered.
 */
function sendCutOffUpload(port: number, userId: string, body: Buffer, sendBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('connect', () => {
      socket.write(
        'POST /api/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `X-User-ID: ${userId}\r\nContent-Type: ${contentTypeOf(body)}\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, sendBytes), (error) => {
        if (error) reject(error);
        setTimeout(() => socket.end(), 100);
      });
    });
  });
}

/** The boundary a multipartBody() payload starts with, as a Content-Type header. */
const contentTypeOf = (body: Buffer) => {
  const firstLine = body.subarray(0, body.indexOf('\r\n')).toString('latin1');
  return `multipart/form-data; boundary=${firstLine.slice(2)}`;
};

describe.each(testDrivers())('interrupted uploads and start-up recovery (%s)', (driver) => {
  let t: TestApp;
  let port: number;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    owner = await issueUserId(t.app);
  });
  afterAll(() => t.close());

  it('a client that disconnects mid-upload gets 400 and leaves no file or row', async () => {
    const before = await libraryState(t);
    const { payload } = multipartBody([pdfPart(await readPdfFixture(NAACL_PDF))]);
    const answer = await sendCutOffUpload(port, owner, payload, 60_000);
    // Node's HTTP parser sees the body end early: the app answers 400 in its own error shape.
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'INVALID_REQUEST' });
    await eventually(async () => expect(await libraryState(t)).toEqual(before));
  });

  it('sweeps temp files an interrupted write left behind', async () => {
    const tempDir = path.join(t.context.config.STORAGE_DIR, 'tmp');
    await mkdir(tempDir, { recursive: true });
    await writeFile(path.join(tempDir, 'crashed-mid-upload.part'), '%PDF-1.7 half a file');
    const recovered = await recoverUploads(t.context);
    expect(recovered.tempFilesRemoved).toBe(1);
    expect((await libraryState(t)).files.filter((file) => file.startsWith('tmp'))).toEqual([]);
  });

  it('extracts, at start-up, the text of an upload whose extraction a crash cut short', async () => {
    const response = await postUpload(t.app, owner, [pdfPart(await readPdfFixture(NAACL_PDF))]);
    const paperId = response.json().paper_id;
    await t.context.queue.drain();
    // What a crash between the commit and the extraction leaves.
    await t.db.update(paperTexts).set({ status: 'pending', text: null, pageCount: null });
    const recovered = await recoverUploads(t.context);
    expect(recovered.textsRequeued).toBeGreaterThanOrEqual(1);
    await t.context.queue.drain();
    const [text] = await t.db.select().from(paperTexts).where(eq(paperTexts.paperId, paperId));
    expect(text).toMatchObject({ status: 'ready', pageCount: 8 });
    expect(text?.text).toContain('Literature Graph');
  });
});
