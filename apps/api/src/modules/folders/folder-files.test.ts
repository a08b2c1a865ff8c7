import type { TFolderFile } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folders } from '../../db/schema';
import {
  buildFolder,
  buildFolderFile,
  buildPaper,
  buildUpload,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('folder files (%s)', (driver) => {
  let t: TestApp;
  let user: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    user = await buildUser(t.db);
  });
  afterAll(() => t.close());

  const call = (method: InjectOptions['method'], url: string, payload?: object, token = user.token) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const fileRows = (folderId: number) => t.db.select().from(folderFiles).where(eq(folderFiles.folderId, folderId));

  it('adds a paper (201), adds it again harmlessly (200) and keeps one row', async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const paper = await buildPaper(t.db, { title: 'Added twice' });
    const url = `/api/folders/${folder.id}/files`;
    const first = await call('POST', url, { paper_id: paper.paperId, platform: 'arxiv' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      paper_id: paper.paperId,
      platform: 'arxiv',
      filename: 'Added twice',
      paper_URL: `https://export.arxiv.org/pdf/${paper.paperId}`,
      selected: false,
      folder_id: folder.id,
    });
    const second = await call('POST', url, { paper_id: paper.paperId });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await fileRows(folder.id)).toHaveLength(1);
    const listed = await call('GET', url);
    expect(listed.json() as TFolderFile[]).toEqual([first.json()]);
  });

  it('lets one paper sit in several folders', async () => {
    const paper = await buildPaper(t.db);
    const a = await buildFolder(t.db, { ownerId: user.id });
    const b = await buildFolder(t.db, { ownerId: user.id });
    for (const folder of [a, b]) {
      expect((await call('POST', `/api/folders/${folder.id}/files`, { paper_id: paper.paperId })).statusCode).toBe(201);
    }
  });

  it('refuses a paper that does not exist with 404 and writes nothing', async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const response = await call('POST', `/api/folders/${folder.id}/files`, { paper_id: 'nope.0000', platform: 'acl' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Paper acl/nope.0000 not found' });
    expect(await fileRows(folder.id)).toEqual([]);
  });

  it('refuses a blank paper id and a bad platform with 400', async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    for (const body of [{ paper_id: '  ' }, { paper_id: 'x', platform: 'no spaces' }, {}]) {
      expect((await call('POST', `/api/folders/${folder.id}/files`, body)).statusCode).toBe(400);
    }
  });

  it('answers 404 for the files of an unknown folder', async () => {
    expect((await call('GET', '/api/folders/999999/files')).json()).toEqual({
      error: 'NOT_FOUND',
      message: 'Folder 999999 not found',
    });
    const paper = await buildPaper(t.db);
    expect((await call('POST', '/api/folders/999999/files', { paper_id: paper.paperId })).statusCode).toBe(404);
  });

  it('removes a file whose id contains a slash (204), then 404 when it is no longer there', async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const paper = await buildPaper(t.db, { paperId: 'hep-th/9901001' });
    const other = await buildFolderFile(t.db, { folderId: folder.id });
    await buildFolderFile(t.db, { folderId: folder.id, paper });
    const url = `/api/folders/${folder.id}/files/${encodeURIComponent(paper.paperId)}?platform=arxiv`;
    const response = await call('DELETE', url);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await fileRows(folder.id)).map((row) => row.paperId)).toEqual([other.paperId]);
    const again = await call('DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Paper arxiv/hep-th/9901001 in folder ${folder.id} not found`);
  });

  it('removes with the default platform arxiv and 404s in an unknown folder', async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const file = await buildFolderFile(t.db, { folderId: folder.id });
    expect((await call('DELETE', `/api/folders/${folder.id}/files/${file.paperId}`)).statusCode).toBe(204);
    const unknown = await call('DELETE', `/api/folders/999999/files/${file.paperId}`);
    expect(unknown.json()).toEqual({ error: 'NOT_FOUND', message: 'Folder 999999 not found' });
  });

  it('adds the same paper from two requests at once: one 201, one 200, one row', async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const paper = await buildPaper(t.db);
    const responses = await Promise.all(
      [1, 2].map(() => call('POST', `/api/folders/${folder.id}/files`, { paper_id: paper.paperId })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await fileRows(folder.id)).toHaveLength(1);
  });

  it("adds the caller's own upload, served from this server", async () => {
    const folder = await buildFolder(t.db, { ownerId: user.id });
    const upload = await buildUpload(t.db, { ownerId: user.id });
    const added = await call('POST', `/api/folders/${folder.id}/files`, {
      paper_id: upload.paperId,
      platform: 'upload',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().paper_URL).toBe(`/api/uploads/${upload.paperId}/pdf`);
  });

  it('lets a reader of a shared upload add it to their folders; a copy alone is no grant (docs/collaboration.md#uploads)', async () => {
    const reader = await buildUser(t.db);
    const upload = await buildUpload(t.db, { ownerId: user.id });
    // The uploader shares it through a public folder: the reader may keep a copy.
    const shared = await buildFolder(t.db, { ownerId: user.id });
    await buildFolderFile(t.db, { folderId: shared.id, paper: upload });
    await shareFolder(t.db, shared.id, { isPublic: true });
    const first = await buildFolder(t.db, { ownerId: reader.id });
    const second = await buildFolder(t.db, { ownerId: reader.id });
    const body = { paper_id: upload.paperId, platform: 'upload' };
    expect((await call('POST', `/api/folders/${first.id}/files`, body, reader.token)).statusCode).toBe(201);
    // Once the folder is private again, the copy in the reader's first folder grants nothing.
    await t.db.update(folders).set({ isPublic: false }).where(eq(folders.id, shared.id));
    const response = await call('POST', `/api/folders/${second.id}/files`, body, reader.token);
    expect(response.statusCode).toBe(404);
    expect(await t.db.select().from(folderFiles).where(eq(folderFiles.folderId, second.id))).toEqual([]);
  });
});
