import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annotationReads,
  annotationReplies,
  annotations,
  folderFiles,
  folders,
  paperClicks,
  papers,
  sharedListPapers,
  sharedLists,
  storedFiles,
  uploads,
} from '../db/schema';
import { findVisiblePapers } from '../modules/papers/paper-visibility.repo';
import { buildFolder, buildFolderFile, buildUpload, buildUser } from '../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp } from '../test-support/test-app';
import { checkAccess } from './access';

/**
 * docs/security.md#policies: every route that takes the id of a user-owned or private row refuses a
 * stranger with 404 (never 403: nothing tells them the row exists) and writes nothing; an action over
 * many ids with one foreign id is refused whole.
 */
describe.each(pgliteOnly())('access of a stranger to every guarded route (%s)', (driver) => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let aliceFolder: number;
  let bobFolder: number;
  let paper: { platform: string; paperId: string };
  let upload: { platform: string; paperId: string };
  let bobsPaper: { platform: string; paperId: string };
  let aliceShare: string;
  let aliceMark: number;
  let aliceReply: number;

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });

  /** Every table a guarded route could write to, counted, plus the selection flags, folder names and marks. */
  const snapshot = async () => {
    const tables = {
      annotations,
      annotationReplies,
      annotationReads,
      folders,
      folderFiles,
      papers,
      uploads,
      storedFiles,
      sharedLists,
      sharedListPapers,
      paperClicks,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      counts[name] = (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    }
    const files = await t.db.select().from(folderFiles).orderBy(folderFiles.folderId, folderFiles.paperId);
    const names = await t.db.select({ id: folders.id, name: folders.name }).from(folders).orderBy(folders.id);
    const marks = await t.db.select().from(annotations).orderBy(annotations.id);
    return { counts, files, names, marks };
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    alice = await buildUser(t.db);
    bob = await buildUser(t.db);
    aliceFolder = (await buildFolder(t.db, { ownerId: alice.id, name: "Alice's" })).id;
    bobFolder = (await buildFolder(t.db, { ownerId: bob.id, name: "Bob's" })).id;
    paper = await buildFolderFile(t.db, { folderId: aliceFolder });
    upload = await buildUpload(t.db, { ownerId: alice.id, title: "Alice's draft" });
    await buildFolderFile(t.db, { folderId: aliceFolder, paper: upload, selected: true });
    bobsPaper = await buildFolderFile(t.db, { folderId: bobFolder });
    const shared = await call(alice.token, 'POST', '/api/share', { files: [paper.paperId] });
    aliceShare = shared.json().share_id;
    const mark = {
      platform: 'arxiv',
      page: 1,
      kind: 'highlight',
      quote: { exact: 'x' },
      position: { start: 0, end: 1 },
    };
    aliceMark = (await call(alice.token, 'POST', '/api/annotations', { ...mark, paper_id: paper.paperId })).json().id;
    const [reply] = await t.db
      .insert(annotationReplies)
      .values({ annotationId: aliceMark, authorId: alice.id, content: 'hers' })
      .returning();
    aliceReply = reply?.id as number;
  });
  afterAll(() => t.close());

  const her = () => ({ paper_id: upload.paperId, platform: 'upload' });
  const guarded: [string, InjectOptions['method'], () => string, () => object | undefined, () => string][] = [
    [
      'folder.read: list her folder',
      'GET',
      () => `/api/folders/${aliceFolder}/files`,
      () => undefined,
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.rename: rename her folder',
      'PATCH',
      () => '/api/folders/rename',
      () => ({ folder_id: aliceFolder, name: 'Mine now' }),
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.delete: delete her folder',
      'DELETE',
      () => `/api/folders/${aliceFolder}`,
      () => undefined,
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.addFile: add to her folder',
      'POST',
      () => `/api/folders/${aliceFolder}/files`,
      () => ({ paper_id: bobsPaper.paperId }),
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.addFile: import a Zotero library into her folder',
      'POST',
      () => `/api/folders/${aliceFolder}/import/zotero`,
      () => ({ library_type: 'user', library_id: '1', api_key: 'abcdefgh12345678' }),
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.removeFile: remove from her folder',
      'DELETE',
      () => `/api/folders/${aliceFolder}/files/${encodeURIComponent(paper.paperId)}`,
      () => undefined,
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.read: recommend from her folder',
      'GET',
      () => `/api/recommendations/folder/${aliceFolder}`,
      () => undefined,
      () => `Folder ${aliceFolder}`,
    ],
    [
      'folder.read: search grants like her folder',
      'POST',
      () => '/api/improved-grant-search/search',
      () => ({ query: '', folder_id: aliceFolder }),
      () => `Folder ${aliceFolder}`,
    ],
    [
      'paper.read: add her upload to his folder',
      'POST',
      () => `/api/folders/${bobFolder}/files`,
      her,
      () => `Paper upload/${upload.paperId}`,
    ],
    [
      'paper.read: attach her upload',
      'POST',
      () => '/api/chat/attach_paper',
      her,
      () => `Paper upload/${upload.paperId}`,
    ],
    ['paper.read: read her upload', 'POST', () => '/api/chat/get_paper', her, () => `Paper upload/${upload.paperId}`],
    [
      'paper.read: click her upload',
      'POST',
      () => `/api/papers/click/${upload.paperId}?platform=upload`,
      () => undefined,
      () => `Paper upload/${upload.paperId}`,
    ],
    [
      'paper.read: share her upload',
      'POST',
      () => '/api/share',
      () => ({ files: [her()] }),
      () => `Paper upload/${upload.paperId}`,
    ],
    [
      'paper.read: list the marks on her upload',
      'GET',
      () => `/api/annotations?paper_id=${upload.paperId}&platform=upload`,
      () => undefined,
      () => `Paper upload/${upload.paperId}`,
    ],
    [
      'paper.read: export the marks on her upload',
      'GET',
      () => `/api/annotations/export?paper_id=${upload.paperId}&platform=upload&format=w3c`,
      () => undefined,
      () => `Paper upload/${upload.paperId}`,
    ],
    [
      'paper.read: mark her upload',
      'POST',
      () => '/api/annotations',
      () => ({ ...her(), page: 1, kind: 'area', rects: [{ x: 0, y: 0, width: 0.5, height: 0.5 }] }),
      () => `Paper upload/${upload.paperId}`,
    ],
    [
      'folder.comment: share a mark with her folder',
      'POST',
      () => '/api/annotations',
      () => ({
        paper_id: bobsPaper.paperId,
        page: 1,
        kind: 'area',
        rects: [{ x: 0, y: 0, width: 0.5, height: 0.5 }],
        folder_id: aliceFolder,
      }),
      () => `Folder ${aliceFolder}`,
    ],
    [
      'annotation.edit: recolour her mark',
      'PATCH',
      () => `/api/annotations/${aliceMark}`,
      () => ({ color: 'green' }),
      () => `Annotation ${aliceMark}`,
    ],
    [
      "annotation.read: read her mark's thread",
      'GET',
      () => `/api/annotations/${aliceMark}/replies`,
      () => undefined,
      () => `Annotation ${aliceMark}`,
    ],
    [
      'annotation.reply: reply on her mark',
      'POST',
      () => `/api/annotations/${aliceMark}/replies`,
      () => ({ content: 'hello' }),
      () => `Annotation ${aliceMark}`,
    ],
    [
      'annotation.reply: resolve her thread',
      'PATCH',
      () => `/api/annotations/${aliceMark}/thread`,
      () => ({ resolved: true }),
      () => `Annotation ${aliceMark}`,
    ],
    [
      'annotation.read: mark her thread read',
      'POST',
      () => `/api/annotations/${aliceMark}/read`,
      () => undefined,
      () => `Annotation ${aliceMark}`,
    ],
    [
      'folder.read: count unread in her folder',
      'GET',
      () => `/api/annotations/unread?folder_id=${aliceFolder}`,
      () => undefined,
      () => `Folder ${aliceFolder}`,
    ],
    [
      'annotationReply.delete: delete her reply',
      'DELETE',
      () => `/api/annotations/replies/${aliceReply}`,
      () => undefined,
      () => `Reply ${aliceReply}`,
    ],
    [
      'annotation.delete: delete her mark',
      'DELETE',
      () => `/api/annotations/${aliceMark}`,
      () => undefined,
      () => `Annotation ${aliceMark}`,
    ],
    [
      'file.select: unselect her upload',
      'POST',
      () => '/api/chat/update_file_selection',
      () => ({ ...her(), selected: false }),
      () => `Paper upload/${upload.paperId} in your files`,
    ],
    [
      'file.remove: remove her paper from chat files',
      'DELETE',
      () => `/api/chat/files/delete/${encodeURIComponent(paper.paperId)}`,
      () => undefined,
      () => `Paper arxiv/${paper.paperId} in your files`,
    ],
    [
      'share.revoke: revoke her link',
      'DELETE',
      () => `/api/share/${aliceShare}`,
      () => undefined,
      () => `Shared list ${aliceShare}`,
    ],
    [
      'share.import: import a link that does not exist',
      'POST',
      () => `/api/share/${'B'.repeat(32)}/import`,
      () => ({ mode: 'replace' }),
      () => `Shared list ${'B'.repeat(32)}`,
    ],
    [
      'upload.read: sign a URL of her upload',
      'GET',
      () => `/api/uploads/${upload.paperId}/pdf-url`,
      () => undefined,
      () => `Uploaded paper ${upload.paperId}`,
    ],
    [
      'upload.read: read her PDF',
      'GET',
      () => `/api/uploads/${upload.paperId}/pdf`,
      () => undefined,
      () => `Uploaded paper ${upload.paperId}`,
    ],
    [
      'upload.attachPdf: attach a PDF to her paper',
      'PUT',
      () => `/api/uploads/${upload.paperId}/pdf`,
      () => undefined,
      () => `Uploaded paper ${upload.paperId}`,
    ],
    [
      'upload.delete: delete her upload',
      'DELETE',
      () => `/api/uploads/${upload.paperId}`,
      () => undefined,
      () => `Uploaded paper ${upload.paperId}`,
    ],
  ];

  it.each(guarded)('%s: 404 naming it, and nothing written', async (_label, method, url, body, named) => {
    const before = await snapshot();
    const response = await call(bob.token, method, url(), body());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `${named()} not found` });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a share of his paper and her upload whole, naming her upload', async () => {
    const before = await snapshot();
    const response = await call(bob.token, 'POST', '/api/share', { files: [bobsPaper.paperId, her()] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Paper upload/${upload.paperId} not found`);
    expect(await snapshot()).toEqual(before);
    // The same list without her upload goes through: the refusal was hers alone.
    expect((await call(bob.token, 'POST', '/api/share', { files: [bobsPaper.paperId] })).statusCode).toBe(201);
  });

  it('names the first refused paper in request order', async () => {
    const missing = { paper_id: 'missing.0001', platform: 'arxiv' };
    const response = await call(bob.token, 'POST', '/api/share', { files: [bobsPaper.paperId, missing, her()] });
    expect(response.json().message).toBe('Paper arxiv/missing.0001 not found');
  });

  it('decides papers exactly as the scoped query sees them (one rule, two walls)', async () => {
    const bobsUpload = await buildUpload(t.db, { ownerId: bob.id });
    const refs = [paper, upload, bobsUpload, { platform: 'arxiv', paperId: 'missing.0002' }].map((ref) => ({
      platform: ref.platform,
      paper_id: ref.paperId,
    }));
    for (const userId of [alice.id, bob.id, null]) {
      const allowed = await checkAccess(t.db, { userId }, 'paper.read', refs);
      const visible = await findVisiblePapers(t.db, userId, refs);
      const key = (platform: string | null, paperId: string | null) => `${platform}/${paperId}`;
      expect(allowed.map((ref) => key(ref.platform, ref.paper_id)).sort()).toEqual(
        visible.map((row) => key(row.platform, row.paperId)).sort(),
      );
    }
    expect(await checkAccess(t.db, { userId: bob.id }, 'paper.read', refs)).toEqual([refs[0], refs[2]]);
  });
});
