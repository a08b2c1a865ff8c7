import { DEFAULT_FOLDER_NAME, type TChatFile } from '@paperbench/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folders } from '../../db/schema';
import { buildFolder, buildFolderFile, buildPaper, findUserIdByToken } from '../../test-support/factories';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';

describe.each(testDrivers())('POST /api/share/{id}/import (%s)', (driver) => {
  let t: TestApp;
  let sharer: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    sharer = await issueUserId(t.app);
  });
  afterAll(() => t.close());

  /** A new user: the token a client sends and the id folders are owned by. */
  const newUser = async () => {
    const token = await issueUserId(t.app);
    const id = await findUserIdByToken(t.db, token);
    if (id === null) throw new Error('issued user not found');
    return { token, id };
  };
  const share = async (files: unknown[], token = sharer): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/share',
      payload: { files },
      headers: { 'x-user-id': token },
    });
    expect(response.statusCode).toBe(201);
    return response.json().share_id;
  };
  const importList = (shareId: string, payload: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/share/${shareId}/import`, payload, headers });
  /** A paper as an import's attached_papers names it. */
  const ref = (paper: { paperId: string }) => ({ platform: 'arxiv', paper_id: paper.paperId });
  const files = async (token: string) =>
    (await t.app.inject({ url: '/api/chat/files', headers: { 'x-user-id': token } })).json() as TChatFile[];
  const ownedFolders = async (token: string) =>
    (await t.app.inject({ url: '/api/folders', headers: { 'x-user-id': token } })).json();
  const countRows = async () => {
    const [f] = await t.db.select({ n: count() }).from(folders);
    const [ff] = await t.db.select({ n: count() }).from(folderFiles);
    return [f?.n, ff?.n];
  };

  it("merges into an empty library: makes 'Untitled' and attaches every paper", async () => {
    const [a, b] = [await buildPaper(t.db), await buildPaper(t.db)];
    const shareId = await share([a.paperId, b.paperId]);
    const importer = await newUser();
    const response = await importList(shareId, { mode: 'merge' }, { 'x-user-id': importer.token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      attached: 2,
      attached_papers: [ref(a), ref(b)],
      already_present: 0,
      withheld: 0,
      folder_id: expect.any(Number),
    });
    const [folder] = await t.db.select().from(folders).where(eq(folders.ownerId, importer.id));
    expect(folder).toMatchObject({ id: body.folder_id, name: DEFAULT_FOLDER_NAME });
    expect((await files(importer.token)).map((f) => f.paper_id).sort()).toEqual([a.paperId, b.paperId].sort());
  });

  it('merge skips papers already held, in any folder, and attaches the rest to the first folder', async () => {
    const importer = await newUser();
    const first = await buildFolder(t.db, { ownerId: importer.id, name: 'Reading' });
    const second = await buildFolder(t.db, { ownerId: importer.id, name: 'Later' });
    const held = await buildFolderFile(t.db, { folderId: second.id });
    const fresh = await buildPaper(t.db);
    const shareId = await share([held.paperId, fresh.paperId]);
    const response = await importList(shareId, { mode: 'merge' }, { 'x-user-id': importer.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      attached: 1,
      attached_papers: [ref(fresh)],
      already_present: 1,
      withheld: 0,
      folder_id: first.id,
    });
    const rows = await t.db
      .select()
      .from(folderFiles)
      .where(inArray(folderFiles.folderId, [first.id, second.id]));
    expect(rows.map((r) => [r.folderId, r.paperId]).sort()).toEqual(
      [
        [first.id, fresh.paperId],
        [second.id, held.paperId],
      ].sort(),
    );
    // Importing again changes nothing.
    const again = await importList(shareId, { mode: 'merge' }, { 'x-user-id': importer.token });
    expect(again.json()).toEqual({
      attached: 0,
      attached_papers: [],
      already_present: 2,
      withheld: 0,
      folder_id: first.id,
    });
  });

  it('replace clears the caller’s files (folders stay) and then attaches the list', async () => {
    const importer = await newUser();
    const first = await buildFolder(t.db, { ownerId: importer.id, name: 'Reading' });
    const second = await buildFolder(t.db, { ownerId: importer.id, name: 'Later' });
    const dropped = await buildFolderFile(t.db, { folderId: first.id });
    const kept = await buildFolderFile(t.db, { folderId: second.id });
    const fresh = await buildPaper(t.db);
    const shareId = await share([kept.paperId, fresh.paperId]);
    const response = await importList(shareId, { mode: 'replace' }, { 'x-user-id': importer.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      attached: 2,
      attached_papers: [ref(kept), ref(fresh)],
      already_present: 0,
      withheld: 0,
      folder_id: first.id,
    });
    // (one transaction: every import row shares its added_at, so the File List order among them is by id)
    expect((await files(importer.token)).map((f) => f.paper_id).sort()).toEqual([kept.paperId, fresh.paperId].sort());
    expect(dropped.paperId).not.toBe(kept.paperId);
    expect((await ownedFolders(importer.token)).map((f: { id: number }) => f.id)).toEqual([first.id, second.id]);
  });

  it("withholds another user's upload: a link is not a grant (docs/collaboration.md#uploads)", async () => {
    const pdf = await readPdfFixture(NAACL_PDF);
    const uploaded = await postUpload(t.app, sharer, [pdfPart(pdf, 'Literature Graph.pdf')]);
    expect(uploaded.statusCode).toBe(201);
    const paperId: string = uploaded.json().paper_id;
    const arxiv = await buildPaper(t.db);
    const shareId = await share([{ paper_id: paperId, platform: 'upload' }, arxiv.paperId]);
    const importer = await newUser();
    const pdfUrl = `/api/uploads/${paperId}/pdf`;

    // The list shows the importer the arXiv paper only, and says one paper is withheld.
    const list = await t.app.inject({ url: `/api/share/${shareId}`, headers: { 'x-user-id': importer.token } });
    expect(list.json()).toMatchObject({ withheld: 1, papers: [{ paper_id: arxiv.paperId }] });
    // The uploader sees the whole list.
    const own = await t.app.inject({ url: `/api/share/${shareId}`, headers: { 'x-user-id': sharer } });
    expect(own.json()).toMatchObject({ withheld: 0, papers: [{ paper_id: paperId }, { paper_id: arxiv.paperId }] });

    const response = await importList(shareId, { mode: 'merge' }, { 'x-user-id': importer.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      attached: 1,
      attached_papers: [{ platform: 'arxiv', paper_id: arxiv.paperId }],
      already_present: 0,
      withheld: 1,
    });
    expect((await files(importer.token)).map((file: { paper_id: string }) => file.paper_id)).toEqual([arxiv.paperId]);
    expect((await t.app.inject({ url: pdfUrl, headers: { 'x-user-id': importer.token } })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown share id and writes nothing (not even a folder)', async () => {
    const importer = await newUser();
    const before = await countRows();
    const response = await importList('A'.repeat(32), { mode: 'replace' }, { 'x-user-id': importer.token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `Shared list ${'A'.repeat(32)} not found` });
    expect(await countRows()).toEqual(before);
  });

  it('answers 400 for a malformed share id or a bad mode, and writes nothing', async () => {
    const paper = await buildPaper(t.db);
    const shareId = await share([paper.paperId]);
    const importer = await newUser();
    const before = await countRows();
    for (const payload of [{ mode: 'append' }, {}, { mode: 'MERGE' }]) {
      const response = await importList(shareId, payload, { 'x-user-id': importer.token });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
    }
    const malformed = await importList('short', { mode: 'merge' }, { 'x-user-id': importer.token });
    expect(malformed.statusCode).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  it('refuses an import without X-User-ID (401)', async () => {
    const paper = await buildPaper(t.db);
    const shareId = await share([paper.paperId]);
    const before = await countRows();
    const response = await importList(shareId, { mode: 'merge' }, {});
    expect(response.statusCode).toBe(401);
    expect(await countRows()).toEqual(before);
  });
});
