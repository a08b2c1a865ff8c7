import type { TFolder } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folders } from '../../db/schema';
import { buildFolder, buildFolderFile, buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('folders (%s)', (driver) => {
  let t: TestApp;
  let user: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    user = await buildUser(t.db);
  });
  afterAll(() => t.close());

  const call = (method: InjectOptions['method'], url: string, payload?: object, token = user.token) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const listFolders = async (token = user.token) =>
    (await call('GET', '/api/folders', undefined, token)).json() as TFolder[];
  const fileRows = (folderId: number) => t.db.select().from(folderFiles).where(eq(folderFiles.folderId, folderId));

  it('lists nothing for a new user', async () => {
    const fresh = await buildUser(t.db);
    expect(await listFolders(fresh.token)).toEqual([]);
  });

  it("creates a folder named 'Untitled' by default, in the spec shape", async () => {
    const response = await call('POST', '/api/folders/', {});
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Untitled',
      type: 'folder',
      is_public: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      abilities: { rename: true, share: true, delete: true, comment: true },
      files: [],
    });
  });

  it('trims a given name and answers without the trailing slash too', async () => {
    const response = await call('POST', '/api/folders', { name: '  Reading list  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Reading list');
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a name that is not text', { name: 7 }, 'name'],
  ])('refuses to create with %s', async (_label, body, field) => {
    const response = await call('POST', '/api/folders/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', details: { fields: [{ in: 'body', field }] } });
  });

  it('lists folders oldest first, each with its files oldest added first and their PDF URLs', async () => {
    const owner = await buildUser(t.db);
    const first = await buildFolder(t.db, { ownerId: owner.id, name: 'First' });
    const second = await buildFolder(t.db, { ownerId: owner.id, name: 'Second' });
    const arxiv = await buildPaper(t.db, { paperId: 'math/0601001', title: 'Old style' });
    const acl = await buildPaper(t.db, {
      platform: 'acl',
      paperId: 'P19-1001',
      title: 'ACL paper',
      pdfUrl: 'http://aclanthology.org/P19-1001.pdf',
    });
    const upload = await buildUpload(t.db, { ownerId: owner.id, title: 'My draft' });
    // Added a second apart, so the order is the order of adding (not the tie-break by platform).
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    await buildFolderFile(t.db, { folderId: second.id, paper: arxiv, addedAt: at(1) });
    await buildFolderFile(t.db, { folderId: second.id, paper: acl, selected: true, addedAt: at(2) });
    await buildFolderFile(t.db, { folderId: second.id, paper: upload, addedAt: at(3) });
    const listed = await listFolders(owner.token);
    expect(listed.map((f) => f.name)).toEqual(['First', 'Second']);
    expect(listed[0]?.files).toEqual([]);
    expect(listed[1]?.files).toEqual([
      {
        paper_id: 'math/0601001',
        platform: 'arxiv',
        filename: 'Old style',
        paper_URL: 'https://export.arxiv.org/pdf/math/0601001',
        selected: false,
        folder_id: second.id,
      },
      {
        paper_id: 'P19-1001',
        platform: 'acl',
        filename: 'ACL paper',
        paper_URL: 'https://aclanthology.org/P19-1001.pdf',
        selected: true,
        folder_id: second.id,
      },
      {
        paper_id: upload.paperId,
        platform: 'upload',
        filename: 'My draft',
        paper_URL: `/api/uploads/${upload.paperId}/pdf`,
        selected: false,
        folder_id: second.id,
      },
    ]);
    expect(listed.map((f) => f.id)).toEqual([first.id, second.id]);
  });

  describe('rename', () => {
    it('renames to the trimmed name and keeps the files', async () => {
      const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Before' });
      await buildFolderFile(t.db, { folderId: folder.id });
      const response = await call('PATCH', '/api/folders/rename', { folder_id: folder.id, name: '  After ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: folder.id, name: 'After', files: [expect.any(Object)] });
      expect((await listFolders()).find((f) => f.id === folder.id)?.name).toBe('After');
    });

    it('accepts the folder id as a digit string', async () => {
      const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Digits' });
      const response = await call('PATCH', '/api/folders/rename', { folder_id: String(folder.id), name: 'Digits 2' });
      expect(response.statusCode).toBe(200);
    });

    it('refuses an unchanged name (after trimming) with a clear 400', async () => {
      const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Same' });
      const response = await call('PATCH', '/api/folders/rename', { folder_id: folder.id, name: ' Same ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'INVALID_REQUEST', message: `Folder ${folder.id}: name is unchanged` });
    });

    it.each([
      ['a blank name', { name: '  ' }, 'name'],
      ['a name over 200 characters', { name: 'y'.repeat(201) }, 'name'],
      ['a folder id that is not digits', { folder_id: 'abc' }, 'folder_id'],
      ['a folder id too large for the database', { folder_id: 2_147_483_648 }, 'folder_id'],
      ['a folder id of zero', { folder_id: 0 }, 'folder_id'],
      ['a missing folder id', { folder_id: undefined }, 'folder_id'],
    ])('refuses %s with 400 naming the field', async (_label, change, field) => {
      const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Valid' });
      const response = await call('PATCH', '/api/folders/rename', { folder_id: folder.id, name: 'Fine', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', details: { fields: [{ in: 'body', field }] } });
    });

    it('answers 404 for an unknown folder', async () => {
      const response = await call('PATCH', '/api/folders/rename', { folder_id: 999_999, name: 'Nope' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Folder 999999 not found' });
    });
  });

  describe('delete', () => {
    it('deletes the folder and its file rows, and leaves the papers', async () => {
      const folder = await buildFolder(t.db, { ownerId: user.id });
      const file = await buildFolderFile(t.db, { folderId: folder.id });
      await buildFolderFile(t.db, { folderId: folder.id });
      const response = await call('DELETE', `/api/folders/${folder.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await fileRows(folder.id)).toEqual([]);
      expect(await t.db.select().from(folders).where(eq(folders.id, folder.id))).toEqual([]);
      const again = await call('POST', '/api/chat/get_paper', { paper_id: file.paperId });
      expect(again.statusCode).toBe(200);
      expect((await call('DELETE', `/api/folders/${folder.id}`)).statusCode).toBe(404);
    });
  });

  it.each([
    ['GET', 'files'],
    ['DELETE', ''],
  ])('refuses malformed folder ids in %s /api/folders/{id}/%s', async (method, suffix) => {
    for (const id of ['abc', '0', '12abc', '99999999999', '2147483648']) {
      const response = await call(method as 'GET', `/api/folders/${id}${suffix ? `/${suffix}` : ''}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'INVALID_REQUEST',
        details: { fields: [{ in: 'path', field: 'id' }] },
      });
    }
  });

  it.each([
    ['GET', '/api/folders', undefined],
    ['POST', '/api/folders/', { name: 'x' }],
    ['PATCH', '/api/folders/rename', { folder_id: 1, name: 'x' }],
    ['DELETE', '/api/folders/1', undefined],
    // GET /api/folders/{id}/files is open without X-User-ID for public shared folders (folder-sharing.test.ts).
    ['POST', '/api/folders/1/files', { paper_id: 'x' }],
    ['DELETE', '/api/folders/1/files/x', undefined],
  ] as const)('refuses %s %s without X-User-ID (401)', async (method, url, payload) => {
    const response = await t.app.inject({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHORIZED');
  });
});
