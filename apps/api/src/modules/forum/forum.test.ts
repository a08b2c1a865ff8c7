import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderComments, folderMembers, folders, forumVisits } from '../../db/schema';
import { type CallArgs, injectAs } from '../../test-support/collaboration';
import {
  buildFolder,
  buildFolderFile,
  buildFolderMember,
  buildNamedUser,
  buildUpload,
  buildUser,
  nameUser,
  shareFolder,
} from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/collaboration.md: sharing, membership by email, modes and unsharing through the forum routes. */
describe.each(testDrivers())('forum (%s)', (driver) => {
  let t: TestApp;
  let ada: { id: number; token: string; email: string };

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    ada = await buildNamedUser(t.db, { email: 'ada@example.org', name: 'Ada' });
  });
  afterAll(() => t.close());

  const call = (...request: CallArgs) => injectAs(t, ...request);
  const membersOf = (folderId: number) =>
    t.db.select().from(folderMembers).where(eq(folderMembers.folderId, folderId)).orderBy(folderMembers.email);
  const folderRow = async (folderId: number) => (await t.db.select().from(folders).where(eq(folders.id, folderId)))[0];

  it('shares a folder (201), then answers 200 and sets the mode when it is shared again', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id, name: 'Transformers' });
    await buildFolderFile(t.db, { folderId: folder.id });
    const first = await call(ada.token, 'POST', '/api/forum/', { folder_id: folder.id, is_public: false });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      folder_id: folder.id,
      name: 'Transformers',
      is_public: false,
      users: [{ email: 'ada@example.org', role: 'owner', name: 'Ada' }],
      owner_name: 'Ada',
      role: 'owner',
      file_count: 1,
      abilities: { view: true, comment: true, edit: true, manage: true },
      created_at: folder.createdAt.toISOString(),
    });
    expect(await folderRow(folder.id)).toMatchObject({ type: 'shared', isPublic: false });
    const again = await call(ada.token, 'POST', '/api/forum/', { folder_id: folder.id, is_public: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().is_public).toBe(true);
    expect(await folderRow(folder.id)).toMatchObject({ type: 'shared', isPublic: true });
  });

  it('refuses to share a folder that does not exist or is not theirs with 404', async () => {
    const bob = await buildUser(t.db);
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    for (const id of [folder.id, 999_999]) {
      const response = await call(bob.token, 'POST', '/api/forum/', { folder_id: id, is_public: true });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`Folder ${id} not found`);
    }
    expect(await folderRow(folder.id)).toMatchObject({ type: 'folder', isPublic: false });
  });

  it('grants a role to an email: whoever signs in with it before or after being added gets it', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    await shareFolder(t.db, folder.id);
    const early = await buildNamedUser(t.db, { email: 'early@example.org', name: 'Early' });
    const late = await buildUser(t.db);
    expect((await call(early.token, 'GET', `/api/forum/${folder.id}`)).statusCode).toBe(404);
    for (const email of ['Early@Example.org', 'late@example.org']) {
      const added = await call(ada.token, 'POST', `/api/forum/${folder.id}/add_user`, { email, role: 'viewer' });
      expect(added.statusCode).toBe(201);
    }
    expect((await membersOf(folder.id)).map((row) => row.email)).toEqual(['early@example.org', 'late@example.org']);
    const seen = await call(early.token, 'GET', `/api/forum/${folder.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ role: 'viewer', users: [], owner_name: 'Ada' });
    // Not yet signed in with the email: a stranger to a private folder.
    expect((await call(late.token, 'GET', `/api/forum/${folder.id}`)).statusCode).toBe(404);
    await nameUser(t.db, late.id, { email: 'late@example.org', name: 'Late' });
    expect((await call(late.token, 'GET', `/api/forum/${folder.id}/permission`)).json()).toEqual({
      folder_id: folder.id,
      role: 'viewer',
      is_public: false,
      abilities: { view: true, comment: false, edit: false, manage: false },
    });
    // The owner sees members by email with the names of those who signed in.
    expect((await call(ada.token, 'GET', `/api/forum/${folder.id}`)).json().users).toEqual([
      { email: 'ada@example.org', role: 'owner', name: 'Ada' },
      { email: 'early@example.org', role: 'viewer', name: 'Early' },
      { email: 'late@example.org', role: 'viewer', name: 'Late' },
    ]);
    const listed = await call(late.token, 'GET', '/api/forum/');
    expect(listed.json().map((forum: { folder_id: number }) => forum.folder_id)).toContain(folder.id);
  });

  it('answers 409 for an email that already has a role, 404 for one without, and 400 for the owner', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    await shareFolder(t.db, folder.id);
    await buildFolderMember(t.db, { folderId: folder.id, email: 'bob@example.org', role: 'viewer' });
    const before = await membersOf(folder.id);
    const url = (action: string) => `/api/forum/${folder.id}/${action}`;
    const refusals: [InjectOptions['method'], string, object, number, string][] = [
      [
        'POST',
        url('add_user'),
        { email: 'BOB@example.org', role: 'editor' },
        409,
        `bob@example.org already has a role on folder ${folder.id}: change it with update_user_role`,
      ],
      [
        'PATCH',
        url('update_user_role'),
        { email: 'nobody@example.org', role: 'editor' },
        404,
        `nobody@example.org has no role on folder ${folder.id}`,
      ],
      [
        'DELETE',
        url('remove_user'),
        { email: 'nobody@example.org' },
        404,
        `nobody@example.org has no role on folder ${folder.id}`,
      ],
      ...(['add_user', 'update_user_role', 'remove_user'] as const).map(
        (action): [InjectOptions['method'], string, object, number, string] => [
          action === 'add_user' ? 'POST' : action === 'update_user_role' ? 'PATCH' : 'DELETE',
          url(action),
          { email: 'Ada@example.org', role: 'viewer' },
          400,
          "ada@example.org is the folder's owner: the owner's role cannot be changed",
        ],
      ),
      ['POST', url('add_user'), { email: 'not-an-email', role: 'viewer' }, 400, ''],
      ['POST', url('add_user'), { email: 'x@example.org', role: 'owner' }, 400, ''],
    ];
    for (const [method, path, body, status, message] of refusals) {
      const response = await call(ada.token, method, path, body);
      expect(response.statusCode, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      if (message) expect(response.json().message).toBe(message);
      expect(await membersOf(folder.id)).toEqual(before);
    }
    const updated = await call(ada.token, 'PATCH', url('update_user_role'), {
      email: 'bob@example.org',
      role: 'editor',
    });
    expect(updated.json().users[1]).toEqual({ email: 'bob@example.org', role: 'editor', name: null });
    const removed = await call(ada.token, 'DELETE', url('remove_user'), { email: 'bob@example.org' });
    expect(removed.json().users).toEqual([{ email: 'ada@example.org', role: 'owner', name: 'Ada' }]);
  });

  it('refuses the member routes on a folder that is not shared with 404', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    const response = await call(ada.token, 'POST', `/api/forum/${folder.id}/add_user`, {
      email: 'bob@example.org',
      role: 'viewer',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Shared folder ${folder.id} not found`);
    expect(await membersOf(folder.id)).toEqual([]);
    expect((await call(ada.token, 'GET', `/api/forum/${folder.id}`)).statusCode).toBe(404);
  });

  it('remembers a public folder a stranger opened, and lists it until it turns private', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id, name: 'Open notes' });
    await shareFolder(t.db, folder.id, { isPublic: true });
    const visitor = await buildUser(t.db);
    const listed = async () =>
      (await call(visitor.token, 'GET', '/api/forum/')).json().map((forum: { folder_id: number }) => forum.folder_id);
    expect(await listed()).not.toContain(folder.id);
    const opened = await call(visitor.token, 'GET', `/api/forum/${folder.id}`);
    expect(opened.json()).toMatchObject({
      role: null,
      users: [],
      owner_name: 'Ada',
      abilities: { view: true, comment: false, edit: false, manage: false },
    });
    expect(await listed()).toContain(folder.id);
    // Without X-User-ID nothing is remembered (there is no one to remember it for).
    expect((await call(null, 'GET', `/api/forum/${folder.id}`)).statusCode).toBe(200);
    const visits = await t.db.select().from(forumVisits).where(eq(forumVisits.folderId, folder.id));
    expect(visits.map((visit) => visit.userId)).toEqual([visitor.id]);
    const privately = await call(ada.token, 'PATCH', `/api/forum/${folder.id}/mode`, { is_public: false });
    expect(privately.json()).toEqual({ is_public: false });
    expect(await listed()).not.toContain(folder.id);
    expect((await call(visitor.token, 'GET', `/api/forum/${folder.id}/mode`)).statusCode).toBe(404);
  });

  it('unshares: members and visits go, access with them; files and comments stay', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    await shareFolder(t.db, folder.id, { isPublic: true });
    await buildFolderFile(t.db, { folderId: folder.id });
    const bob = await buildNamedUser(t.db, { email: 'bob.unshare@example.org', name: 'Bob' });
    await buildFolderMember(t.db, { folderId: folder.id, email: bob.email, role: 'editor' });
    const visitor = await buildUser(t.db);
    await call(visitor.token, 'GET', `/api/forum/${folder.id}`);
    await t.db.insert(folderComments).values({ folderId: folder.id, authorId: bob.id, content: 'Kept' });
    const response = await call(ada.token, 'DELETE', `/api/forum/${folder.id}`);
    expect(response.statusCode).toBe(200);
    expect(await folderRow(folder.id)).toMatchObject({ type: 'folder', isPublic: false });
    expect(await membersOf(folder.id)).toEqual([]);
    expect(await t.db.select().from(forumVisits).where(eq(forumVisits.folderId, folder.id))).toEqual([]);
    for (const token of [bob.token, visitor.token, null]) {
      expect((await call(token, 'GET', `/api/folders/${folder.id}/files`)).statusCode).toBe(404);
      expect((await call(token, 'GET', `/api/comments/shared/${folder.id}`)).statusCode).toBe(404);
    }
    expect((await call(ada.token, 'GET', `/api/folders/${folder.id}/files`)).json()).toHaveLength(1);
    expect((await call(ada.token, 'GET', `/api/comments/shared/${folder.id}`)).json()).toHaveLength(1);
    // Unsharing twice: there is no shared folder any more.
    expect((await call(ada.token, 'DELETE', `/api/forum/${folder.id}`)).statusCode).toBe(404);
  });

  it('lets readers of a shared folder read the uploads it holds, and no one else', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    await shareFolder(t.db, folder.id);
    const upload = await buildUpload(t.db, { ownerId: ada.id, title: 'Draft in a forum' });
    await buildFolderFile(t.db, { folderId: folder.id, paper: upload });
    const viewer = await buildNamedUser(t.db, { email: 'reader@example.org', name: 'Reader' });
    await buildFolderMember(t.db, { folderId: folder.id, email: viewer.email, role: 'viewer' });
    const stranger = await buildUser(t.db);
    const readAs = (token: string) =>
      Promise.all([
        call(token, 'GET', `/api/uploads/${upload.paperId}/pdf-url`),
        call(token, 'POST', '/api/chat/get_paper', { paper_id: upload.paperId, platform: 'upload' }),
      ]);
    expect((await readAs(viewer.token)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await readAs(stranger.token)).map((r) => r.statusCode)).toEqual([404, 404]);
    // Public: a stranger with an id reads it too; private again or unshared: no longer.
    await shareFolder(t.db, folder.id, { isPublic: true });
    expect((await readAs(stranger.token)).map((r) => r.statusCode)).toEqual([200, 200]);
    await call(ada.token, 'DELETE', `/api/forum/${folder.id}`);
    expect((await readAs(stranger.token)).map((r) => r.statusCode)).toEqual([404, 404]);
    expect((await readAs(viewer.token)).map((r) => r.statusCode)).toEqual([404, 404]);
  });

  it('keeps the File List to the caller’s own folders', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id, name: 'Not in your list' });
    await shareFolder(t.db, folder.id);
    const editor = await buildNamedUser(t.db, { email: 'lister@example.org', name: 'Lister' });
    await buildFolderMember(t.db, { folderId: folder.id, email: editor.email, role: 'editor' });
    await buildFolderFile(t.db, { folderId: folder.id });
    expect((await call(editor.token, 'GET', '/api/folders')).json()).toEqual([]);
    expect((await call(editor.token, 'GET', '/api/chat/files')).json()).toEqual([]);
    const members = await t.db
      .select()
      .from(folderMembers)
      .where(and(eq(folderMembers.folderId, folder.id), eq(folderMembers.email, editor.email)));
    expect(members).toHaveLength(1);
  });
  it('lets an editor rename a shared folder and read its recommendations; a commenter is refused 403 and nothing changes', async () => {
    const folder = await buildFolder(t.db, { ownerId: ada.id, name: 'Before' });
    await buildFolderFile(t.db, { folderId: folder.id });
    await shareFolder(t.db, folder.id);
    const editor = await buildNamedUser(t.db, { email: 'renamer@example.org', name: 'Renamer' });
    const commenter = await buildNamedUser(t.db, { email: 'talker@example.org', name: 'Talker' });
    await buildFolderMember(t.db, { folderId: folder.id, email: editor.email, role: 'editor' });
    await buildFolderMember(t.db, { folderId: folder.id, email: commenter.email, role: 'commenter' });
    const rename = (token: string, name: string) =>
      call(token, 'PATCH', '/api/folders/rename', { folder_id: folder.id, name });
    const refused = await rename(commenter.token, 'Hijacked');
    expect(refused.statusCode).toBe(403);
    expect((await folderRow(folder.id))?.name).toBe('Before');
    const renamed = await rename(editor.token, 'After');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: folder.id, name: 'After', abilities: { rename: true, share: false } });
    expect(renamed.json().files).toHaveLength(1);
    expect((await folderRow(folder.id))?.name).toBe('After');
    const recommended = await call(editor.token, 'GET', `/api/recommendations/folder/${folder.id}`);
    expect(recommended.statusCode).toBe(200);
  });
  it('refuses a member past FOLDER_MEMBER_QUOTA with 409, and adds nobody', async () => {
    const small = await createTestApp(driver, { seed: false, env: { FOLDER_MEMBER_QUOTA: '2' } });
    try {
      const owner = await buildNamedUser(small.db, { email: 'owner@example.org', name: 'Owner' });
      const folder = await buildFolder(small.db, { ownerId: owner.id });
      await shareFolder(small.db, folder.id);
      const add = (email: string) =>
        small.app.inject({
          method: 'POST',
          url: `/api/forum/${folder.id}/add_user`,
          payload: { email, role: 'viewer' },
          headers: { 'x-user-id': owner.token },
        });
      expect((await add('one@example.org')).statusCode).toBe(201);
      expect((await add('two@example.org')).statusCode).toBe(201);
      const third = await add('three@example.org');
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toContain('2 members, the most allowed');
      const rows = await small.db.select().from(folderMembers).where(eq(folderMembers.folderId, folder.id));
      expect(rows.map((row) => row.email).sort()).toEqual(['one@example.org', 'two@example.org']);
    } finally {
      await small.close();
    }
  });
});
