import type { TFolder, TSharedList } from '@paperbench/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAbilities } from '../../policies/folder.policy';
import { buildFolder, buildFolderFile, buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/**
 * architecture: a second user gets 404 for everything of the first user's, never 403, and the first
 * user's folders, files and selection are unchanged after every attempt.
 */
describe.each(testDrivers())('folder access across users (%s)', (driver) => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let aliceFolder: number;
  let bobFolder: number;
  let paper: { platform: string; paperId: string };
  let upload: { platform: string; paperId: string; title: string };
  let aliceView: TFolder[];

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const listFolders = async (token: string) => (await call(token, 'GET', '/api/folders')).json() as TFolder[];

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    alice = await buildUser(t.db);
    bob = await buildUser(t.db);
    aliceFolder = (await buildFolder(t.db, { ownerId: alice.id, name: "Alice's" })).id;
    bobFolder = (await buildFolder(t.db, { ownerId: bob.id, name: "Bob's" })).id;
    paper = await buildFolderFile(t.db, {
      folderId: aliceFolder,
      paper: await buildPaper(t.db, { paperId: 'math/0601001' }),
    });
    upload = await buildUpload(t.db, { ownerId: alice.id, title: "Alice's unpublished draft" });
    await buildFolderFile(t.db, { folderId: aliceFolder, paper: upload, selected: true });
    aliceView = await listFolders(alice.token);
  });
  afterAll(() => t.close());

  const paperPath = () => encodeURIComponent(paper.paperId);
  const attempts: [string, InjectOptions['method'], () => string, () => object | undefined][] = [
    ['read her folder files', 'GET', () => `/api/folders/${aliceFolder}/files`, () => undefined],
    ['get recommendations from her folder', 'GET', () => `/api/recommendations/folder/${aliceFolder}`, () => undefined],
    ['rename her folder', 'PATCH', () => '/api/folders/rename', () => ({ folder_id: aliceFolder, name: 'Mine now' })],
    ['delete her folder', 'DELETE', () => `/api/folders/${aliceFolder}`, () => undefined],
    ['add to her folder', 'POST', () => `/api/folders/${aliceFolder}/files`, () => ({ paper_id: paper.paperId })],
    ['remove from her folder', 'DELETE', () => `/api/folders/${aliceFolder}/files/${paperPath()}`, () => undefined],
    [
      'select her paper',
      'POST',
      () => '/api/chat/update_file_selection',
      () => ({ paper_id: paper.paperId, selected: true }),
    ],
    [
      'unselect her upload',
      'POST',
      () => '/api/chat/update_file_selection',
      () => ({ paper_id: upload.paperId, platform: 'upload', selected: false }),
    ],
    ['delete her paper from chat files', 'DELETE', () => `/api/chat/files/delete/${paperPath()}`, () => undefined],
    [
      'add her upload to his folder',
      'POST',
      () => `/api/folders/${bobFolder}/files`,
      () => ({ paper_id: upload.paperId, platform: 'upload' }),
    ],
    [
      'attach her upload',
      'POST',
      () => '/api/chat/attach_paper',
      () => ({ paper_id: upload.paperId, platform: 'upload' }),
    ],
    ['read her upload', 'POST', () => '/api/chat/get_paper', () => ({ paper_id: upload.paperId, platform: 'upload' })],
    [
      'share her upload',
      'POST',
      () => '/api/share',
      () => ({ files: [{ paper_id: upload.paperId, platform: 'upload' }] }),
    ],
  ];

  it.each(attempts)('Bob cannot %s: 404, and Alice sees no change', async (_label, method, url, body) => {
    const response = await call(bob.token, method, url(), body());
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
    expect(await listFolders(alice.token)).toEqual(aliceView);
  });

  it('presents to Alice the abilities the policy grants an owner', async () => {
    const [folder] = aliceView;
    expect(folder?.abilities).toEqual(
      computeAbilities({ userId: alice.id }, { ownerId: alice.id, isShared: false, isPublic: false }),
    );
    expect(folder?.abilities).toEqual({ rename: true, share: true, delete: true, comment: true });
  });

  it("does not list Alice's folders or files to Bob", async () => {
    expect((await listFolders(bob.token)).map((f) => f.id)).toEqual([bobFolder]);
    expect((await call(bob.token, 'GET', '/api/chat/files')).json()).toEqual([]);
  });

  it("does not let Bob's clear touch Alice's files", async () => {
    expect((await call(bob.token, 'POST', '/api/chat/files/clear')).statusCode).toBe(200);
    expect(await listFolders(alice.token)).toEqual(aliceView);
  });

  it('shows Bob the published papers of a share link Alice made, and withholds her upload (docs/collaboration.md#uploads)', async () => {
    const created = await call(alice.token, 'POST', '/api/share', {
      files: [paper.paperId, { paper_id: upload.paperId, platform: 'upload' }],
    });
    expect(created.statusCode).toBe(201);
    const read = await call(bob.token, 'GET', `/api/share/${created.json().share_id}`);
    expect(read.statusCode).toBe(200);
    const list = read.json() as TSharedList;
    expect(list.papers.map((p) => [p.platform, p.title])).toEqual([['arxiv', expect.any(String)]]);
    expect(list.withheld).toBe(1);
    expect(read.body).not.toContain("Alice's unpublished draft");
  });
});
