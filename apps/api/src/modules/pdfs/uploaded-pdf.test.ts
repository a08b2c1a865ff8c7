import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folders } from '../../db/schema';
import { findUserIdByToken } from '../../test-support/factories';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';

describe.each(testDrivers())('GET /api/uploads/{paperId}/pdf (%s)', (driver) => {
  let t: TestApp;
  let owner: string;
  let pdf: Buffer;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    owner = await issueUserId(t.app);
    pdf = await readPdfFixture(NAACL_PDF);
    const response = await postUpload(t.app, owner, [pdfPart(pdf, 'Literature Graph (NAACL 2018).pdf')]);
    url = `/api/uploads/${response.json().paper_id}/pdf`;
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ url: path, headers });

  it('serves the uploader the whole PDF, inline, privately cached, with the content hash as ETag', async () => {
    const response = await get(url, { 'x-user-id': owner });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'accept-ranges': 'bytes',
      etag: `"${createHash('sha256').update(pdf).digest('hex')}"`,
      'cache-control': expect.stringMatching(/^private/),
      // An ASCII name needs no filename* (RFC 6266 §4.3).
      'content-disposition': 'inline; filename="Literature Graph (NAACL 2018).pdf"',
    });
  });

  it('serves a byte range with 206 (pdf.js loads pages this way)', async () => {
    const response = await get(url, { 'x-user-id': owner, range: 'bytes=0-99' });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${pdf.length}`);
    const tail = await get(url, { 'x-user-id': owner, range: 'bytes=-10' });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await get(url, { 'x-user-id': owner, range: `bytes=${pdf.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', message: expect.stringContaining('Range') });
  });

  it('hides the PDF from another user (404), and asks an anonymous caller for an id (401)', async () => {
    const stranger = await issueUserId(t.app);
    expect((await get(url, { 'x-user-id': stranger })).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get('/api/uploads/no-such-paper/pdf', { 'x-user-id': owner })).statusCode).toBe(404);
  });

  it('no longer takes the id as ?uid= (docs/security.md#sessions: ids stay out of URLs)', async () => {
    const response = await get(`${url}?uid=${owner}`);
    expect(response.statusCode).toBe(401);
  });

  it('serves it to whoever reads a public folder its uploader shared it in, and not to a holder of a copy', async () => {
    const paperId = url.split('/')[3] as string;
    const ownerId = (await findUserIdByToken(t.db, owner)) as number;
    const holder = await issueUserId(t.app);
    const holderId = (await findUserIdByToken(t.db, holder)) as number;
    // A copy in the holder's own folder (imported, say) is a reference: no grant (docs/collaboration.md#uploads).
    const [own] = await t.db.insert(folders).values({ ownerId: holderId, name: 'Imported' }).returning();
    await t.db
      .insert(folderFiles)
      .values({ folderId: own?.id as number, platform: 'upload', paperId, addedBy: holderId });
    expect((await get(url, { 'x-user-id': holder })).statusCode).toBe(404);
    // The uploader shares it through a public folder of theirs: now it is served.
    const [shared] = await t.db
      .insert(folders)
      .values({ ownerId, name: 'Public drafts', type: 'shared', isPublic: true })
      .returning();
    await t.db
      .insert(folderFiles)
      .values({ folderId: shared?.id as number, platform: 'upload', paperId, addedBy: ownerId });
    expect((await get(url, { 'x-user-id': holder })).statusCode).toBe(200);
  });
});
