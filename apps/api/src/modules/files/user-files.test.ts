import type { TChatFile, TFolder } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folders } from '../../db/schema';
import { buildFolder, buildFolderFile, buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('user files: the File List operations of the chat group (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const chatFiles = async (token: string) => (await call(token, 'GET', '/api/chat/files')).json() as TChatFile[];
  const listFolders = async (token: string) => (await call(token, 'GET', '/api/folders')).json() as TFolder[];
  const foldersOf = (ownerId: number) => t.db.select().from(folders).where(eq(folders.ownerId, ownerId));

  describe('attach_paper', () => {
    it("makes an 'Untitled' folder for a user without one, then reports 200 for the same paper", async () => {
      const user = await buildUser(t.db);
      const paper = await buildPaper(t.db, { title: 'Attached' });
      const first = await call(user.token, 'POST', '/api/chat/attach_paper', { paper_id: paper.paperId });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        paper_id: paper.paperId,
        platform: 'arxiv',
        filename: 'Attached',
        paper_URL: `https://export.arxiv.org/pdf/${paper.paperId}`,
        selected: false,
        embedding_status: 'none',
      });
      expect((await foldersOf(user.id)).map((f) => f.name)).toEqual(['Untitled']);
      const second = await call(user.token, 'POST', '/api/chat/attach_paper', { paper_id: paper.paperId });
      expect(second.statusCode).toBe(200);
      expect(await foldersOf(user.id)).toHaveLength(1);
    });

    it('attaches to the oldest folder, and leaves a paper already held in another folder where it is', async () => {
      const user = await buildUser(t.db);
      const oldest = await buildFolder(t.db, { ownerId: user.id, name: 'Oldest' });
      const newer = await buildFolder(t.db, { ownerId: user.id, name: 'Newer' });
      const held = await buildFolderFile(t.db, { folderId: newer.id });
      const fresh = await buildPaper(t.db);
      expect((await call(user.token, 'POST', '/api/chat/attach_paper', { paper_id: fresh.paperId })).statusCode).toBe(
        201,
      );
      expect((await call(user.token, 'POST', '/api/chat/attach_paper', { paper_id: held.paperId })).statusCode).toBe(
        200,
      );
      const listed = await listFolders(user.token);
      expect(listed.map((f) => [f.name, f.files.map((file) => file.paper_id)])).toEqual([
        ['Oldest', [fresh.paperId]],
        ['Newer', [held.paperId]],
      ]);
      expect(oldest.id).toBeLessThan(newer.id);
    });

    it("makes one 'Untitled' folder when several attaches race for a user without one", async () => {
      const user = await buildUser(t.db);
      const papers = await Promise.all([1, 2, 3, 4].map(() => buildPaper(t.db)));
      const responses = await Promise.all(
        papers.map((paper) => call(user.token, 'POST', '/api/chat/attach_paper', { paper_id: paper.paperId })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect((await foldersOf(user.id)).map((f) => f.name)).toEqual(['Untitled']);
      expect(await chatFiles(user.token)).toHaveLength(4);
    });

    it('refuses an unknown paper with 404 and makes no folder', async () => {
      const user = await buildUser(t.db);
      const response = await call(user.token, 'POST', '/api/chat/attach_paper', {
        paper_id: 'missing.1',
        platform: 'arxiv',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Paper arxiv/missing.1 not found' });
      expect(await foldersOf(user.id)).toEqual([]);
    });
  });

  it('lists each paper once across folders, selected when selected in any of them', async () => {
    const user = await buildUser(t.db);
    const a = await buildFolder(t.db, { ownerId: user.id });
    const b = await buildFolder(t.db, { ownerId: user.id });
    const shared = await buildFolderFile(t.db, { folderId: a.id });
    await buildFolderFile(t.db, { folderId: b.id, paper: shared, selected: true });
    const only = await buildFolderFile(t.db, { folderId: b.id });
    const files = await chatFiles(user.token);
    expect(files.map((f) => [f.paper_id, f.selected])).toEqual([
      [shared.paperId, true],
      [only.paperId, false],
    ]);
  });

  it('round-trips the selection through the folders and the chat files (requirements §4)', async () => {
    const user = await buildUser(t.db);
    const a = await buildFolder(t.db, { ownerId: user.id });
    const b = await buildFolder(t.db, { ownerId: user.id });
    const paper = await buildFolderFile(t.db, { folderId: a.id });
    await buildFolderFile(t.db, { folderId: b.id, paper });
    for (const selected of [true, false]) {
      const body = { paper_id: paper.paperId, platform: 'arxiv', selected };
      const response = await call(user.token, 'POST', '/api/chat/update_file_selection', body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(body);
      const flags = (await listFolders(user.token)).flatMap((f) => f.files.map((file) => file.selected));
      expect(flags).toEqual([selected, selected]);
      expect((await chatFiles(user.token))[0]?.selected).toBe(selected);
    }
  });

  it.each([
    ['a paper the user does not hold', { paper_id: 'not.held', selected: true }, 404],
    ['a missing selected flag', { paper_id: 'x' }, 400],
    ['a selected flag that is not a boolean', { paper_id: 'x', selected: 'yes' }, 400],
  ])('refuses to select %s', async (_label, body, status) => {
    const user = await buildUser(t.db);
    expect((await call(user.token, 'POST', '/api/chat/update_file_selection', body)).statusCode).toBe(status);
  });

  it('removes a paper from every folder of the user (ids with a slash too), then 404', async () => {
    const user = await buildUser(t.db);
    const a = await buildFolder(t.db, { ownerId: user.id });
    const b = await buildFolder(t.db, { ownerId: user.id });
    const paper = await buildPaper(t.db, { paperId: 'cond-mat/0101001' });
    await buildFolderFile(t.db, { folderId: a.id, paper });
    await buildFolderFile(t.db, { folderId: b.id, paper });
    const kept = await buildFolderFile(t.db, { folderId: b.id });
    const url = `/api/chat/files/delete/${encodeURIComponent(paper.paperId)}?platform=arxiv`;
    const response = await call(user.token, 'DELETE', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await chatFiles(user.token)).map((f) => f.paper_id)).toEqual([kept.paperId]);
    expect((await call(user.token, 'DELETE', url)).statusCode).toBe(404);
  });

  it("clears the user's files, keeps the folders and touches no one else's", async () => {
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const otherFolder = await buildFolder(t.db, { ownerId: other.id });
    await buildFolderFile(t.db, { folderId: folder.id });
    await buildFolderFile(t.db, { folderId: otherFolder.id });
    const response = await call(user.token, 'POST', '/api/chat/files/clear');
    expect(response.json()).toEqual({ ok: true });
    expect(await chatFiles(user.token)).toEqual([]);
    expect(await foldersOf(user.id)).toHaveLength(1);
    expect(await t.db.select().from(folderFiles).where(eq(folderFiles.folderId, otherFolder.id))).toHaveLength(1);
  });

  describe('get_paper', () => {
    it('returns a paper in the spec shape, and 404 for an unknown one', async () => {
      const user = await buildUser(t.db);
      const paper = await buildPaper(t.db, { title: 'Fetched' });
      const response = await call(user.token, 'POST', '/api/chat/get_paper', { paper_id: paper.paperId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        paper_id: paper.paperId,
        platform: 'arxiv',
        title: 'Fetched',
        authors: ['Ada Lovelace'],
      });
      expect((await call(user.token, 'POST', '/api/chat/get_paper', { paper_id: 'nope' })).statusCode).toBe(404);
    });

    it("returns the caller's own upload but not someone else's", async () => {
      const owner = await buildUser(t.db);
      const stranger = await buildUser(t.db);
      const upload = await buildUpload(t.db, { ownerId: owner.id });
      const ref = { paper_id: upload.paperId, platform: 'upload' };
      expect((await call(owner.token, 'POST', '/api/chat/get_paper', ref)).json().title).toBe(upload.title);
      const refused = await call(stranger.token, 'POST', '/api/chat/get_paper', ref);
      expect(refused.json()).toEqual({ error: 'NOT_FOUND', message: `Paper upload/${upload.paperId} not found` });
    });
  });

  it.each([
    ['GET', '/api/chat/files', undefined],
    ['POST', '/api/chat/attach_paper', { paper_id: 'x' }],
    ['DELETE', '/api/chat/files/delete/x', undefined],
    ['POST', '/api/chat/files/clear', undefined],
    ['POST', '/api/chat/get_paper', { paper_id: 'x' }],
    ['POST', '/api/chat/update_file_selection', { paper_id: 'x', selected: true }],
  ] as const)('refuses %s %s without X-User-ID (401)', async (method, url, payload) => {
    const response = await t.app.inject({ method, url, payload });
    expect(response.statusCode).toBe(401);
  });
});
