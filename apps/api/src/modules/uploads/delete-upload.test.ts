import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folders, papers, paperTexts, sharedLists, storedFiles, uploads } from '../../db/schema';
import { pdfKeyFor } from '../../storage/file-storage';
import { findUserIdByToken } from '../../test-support/factories';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../../test-support/uploads';

/** docs/security.md#taking-things-back: an owner deletes an upload; its rows go in one transaction, its file when no one else holds it. */
describe.each(testDrivers())('DELETE /api/uploads/{paperId} (%s)', (driver) => {
  let t: TestApp;
  let pdf: Buffer;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    pdf = await readPdfFixture(NAACL_PDF);
  });
  afterAll(() => t.close());

  const remove = (paperId: string, who?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/uploads/${paperId}`, headers: who ? { 'x-user-id': who } : {} });
  const upload = async (who: string, bytes: Buffer) => (await postUpload(t.app, who, [pdfPart(bytes)])).json().paper_id;
  const unique = (tag: string) => Buffer.concat([pdf, Buffer.from(`\n%${tag}-${Math.random()}`)]);
  const rowsOf = async (paperId: string) => {
    const key = (table: typeof papers | typeof uploads | typeof paperTexts | typeof folderFiles) =>
      and(eq(table.platform, 'upload'), eq(table.paperId, paperId));
    const n = async (table: typeof papers | typeof uploads | typeof paperTexts | typeof folderFiles) =>
      (await t.db.select({ n: count() }).from(table).where(key(table)))[0]?.n ?? 0;
    return {
      papers: await n(papers),
      uploads: await n(uploads),
      texts: await n(paperTexts),
      folderFiles: await n(folderFiles),
    };
  };
  const hashOf = async (paperId: string) =>
    (await t.db.select({ h: uploads.contentHash }).from(uploads).where(eq(uploads.paperId, paperId)))[0]?.h as string;
  const storedFileCount = async (hash: string) =>
    (await t.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.contentHash, hash)))[0]?.n ?? 0;
  const hasBytes = async (hash: string) => (await t.context.storage.stat(pdfKeyFor(hash))) !== null;

  it("deletes its paper, upload, text, folder entries (everyone's) and its file, and the PDF is gone", async () => {
    const owner = await issueUserId(t.app);
    const paperId = await upload(owner, unique('own'));
    const hash = await hashOf(paperId);
    // Someone else holds it in a folder (e.g. imported from a share link): their entry goes too.
    const holder = await issueUserId(t.app);
    const [folder] = await t.db
      .insert(folders)
      .values({ ownerId: (await findUserIdByToken(t.db, holder)) as number, name: 'Imported' })
      .returning();
    await t.db.insert(folderFiles).values({ folderId: folder?.id as number, platform: 'upload', paperId });
    expect(await rowsOf(paperId)).toMatchObject({ papers: 1, uploads: 1, texts: 1, folderFiles: 1 });
    expect(await hasBytes(hash)).toBe(true);

    const response = await remove(paperId, owner);
    expect(response.statusCode).toBe(204);
    expect(await rowsOf(paperId)).toEqual({ papers: 0, uploads: 0, texts: 0, folderFiles: 0 });
    expect(await storedFileCount(hash)).toBe(0);
    expect(await hasBytes(hash)).toBe(false);
    const read = await t.app.inject({ url: `/api/uploads/${paperId}/pdf`, headers: { 'x-user-id': owner } });
    expect(read.statusCode).toBe(404);
    expect((await remove(paperId, owner)).statusCode).toBe(404);
  });

  it('keeps the bytes while another upload holds the same content', async () => {
    const alice = await issueUserId(t.app);
    const bob = await issueUserId(t.app);
    const bytes = unique('shared');
    const aliceId = await upload(alice, bytes);
    const bobId = await upload(bob, bytes);
    const hash = await hashOf(aliceId);
    expect(await hashOf(bobId)).toBe(hash);

    expect((await remove(aliceId, alice)).statusCode).toBe(204);
    expect(await storedFileCount(hash)).toBe(1);
    expect(await hasBytes(hash)).toBe(true);
    const bobRead = await t.app.inject({ url: `/api/uploads/${bobId}/pdf`, headers: { 'x-user-id': bob } });
    expect(bobRead.statusCode).toBe(200);
    expect(bobRead.rawPayload.equals(bytes)).toBe(true);

    // The last holder's delete removes them.
    expect((await remove(bobId, bob)).statusCode).toBe(204);
    expect(await hasBytes(hash)).toBe(false);
    // The same bytes uploaded again are stored afresh and readable.
    const again = await upload(alice, bytes);
    expect((await t.app.inject({ url: `/api/uploads/${again}/pdf`, headers: { 'x-user-id': alice } })).statusCode).toBe(
      200,
    );
  });

  it('answers a stranger, a folder holder and an anonymous caller like an unknown id, and loses nothing', async () => {
    const owner = await issueUserId(t.app);
    const paperId = await upload(owner, unique('kept'));
    const holder = await issueUserId(t.app);
    const [folder] = await t.db
      .insert(folders)
      .values({ ownerId: (await findUserIdByToken(t.db, holder)) as number, name: 'Imported' })
      .returning();
    await t.db.insert(folderFiles).values({ folderId: folder?.id as number, platform: 'upload', paperId });
    const before = await libraryState(t);

    const stranger = await issueUserId(t.app);
    const unknown = await remove('no-such-upload', stranger);
    expect(unknown.statusCode).toBe(404);
    for (const who of [stranger, holder]) {
      const response = await remove(paperId, who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `Uploaded paper ${paperId} not found` });
    }
    expect((await remove(paperId)).statusCode).toBe(401);
    expect(await libraryState(t)).toEqual(before);
    expect(await rowsOf(paperId)).toMatchObject({ papers: 1, uploads: 1, folderFiles: 1 });
  });

  it('leaves an arXiv paper alone: only uploads can be deleted', async () => {
    const user = await issueUserId(t.app);
    await t.db.insert(papers).values({ platform: 'arxiv', paperId: 'delete.0001', title: 'Public' });
    expect((await remove('delete.0001', user)).statusCode).toBe(404);
    const [row] = await t.db.select().from(papers).where(eq(papers.paperId, 'delete.0001'));
    expect(row).toBeDefined();
  });

  it('takes the upload off shared lists too (the link stays, without it)', async () => {
    const owner = await issueUserId(t.app);
    const paperId = await upload(owner, unique('listed'));
    const share = await t.app.inject({
      method: 'POST',
      url: '/api/share',
      headers: { 'x-user-id': owner },
      payload: { files: [{ paper_id: paperId, platform: 'upload' }] },
    });
    expect(share.statusCode).toBe(201);
    expect((await remove(paperId, owner)).statusCode).toBe(204);
    const list = await t.app.inject({ url: `/api/share/${share.json().share_id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().papers).toEqual([]);
    expect(await t.db.select().from(sharedLists).where(eq(sharedLists.shareId, share.json().share_id))).toHaveLength(1);
  });
});
