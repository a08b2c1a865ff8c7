import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderComments, folderFiles, folderMembers, folders, forumVisits, paperComments } from '../../db/schema';
import {
  buildFolder,
  buildFolderFile,
  buildFolderMember,
  buildNamedUser,
  buildPaper,
  buildUpload,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp } from '../../test-support/test-app';

type Who = 'owner' | 'editor' | 'commenter' | 'viewer' | 'stranger' | 'anonymous';
const WHO: Who[] = ['owner', 'editor', 'commenter', 'viewer', 'stranger', 'anonymous'];
type Mode = 'public' | 'private';

/** One shared folder arranged afresh for each case, so a write allowed in one case changes nothing for the next. */
interface Arranged {
  folderId: number;
  paperId: string;
  upload: { platform: string; paperId: string };
  commentId: number;
  paperCommentId: number;
  newPaperId: string;
}

interface Route {
  name: string;
  method: InjectOptions['method'];
  url: (a: Arranged) => string;
  body?: (a: Arranged) => object;
  /** The status for each caller on a public and on a private shared folder. */
  expected: Record<Mode, Record<Who, number>>;
}

/** The same answer on both folders, except a stranger's and an anonymous visitor's, who see only the public one. */
const byRole = (
  members: Record<'owner' | 'editor' | 'commenter' | 'viewer', number>,
  outsiders: { stranger: number; anonymous: number },
  privateOutsiders = { stranger: 404, anonymous: outsiders.anonymous === 401 ? 401 : 404 },
): Route['expected'] => ({
  public: { ...members, ...outsiders },
  private: { ...members, ...privateOutsiders },
});
const readAll = byRole({ owner: 200, editor: 200, commenter: 200, viewer: 200 }, { stranger: 200, anonymous: 200 });
const ownerOnly = (status: number) =>
  byRole({ owner: status, editor: 403, commenter: 403, viewer: 403 }, { stranger: 403, anonymous: 401 });

/**
 * docs/collaboration.md, docs/security.md#policies: every forum, folder-file and comment route, for
 * each role, a stranger with an id and a visitor without one, on a public and a private shared folder.
 * A refusal writes nothing: every table the routes touch is re-read.
 */
const ROUTES: Route[] = [
  {
    name: 'POST /api/forum/ (share again)',
    method: 'POST',
    url: () => '/api/forum/',
    body: (a) => ({ folder_id: a.folderId, is_public: true }),
    expected: ownerOnly(200),
  },
  {
    name: 'GET /api/forum/',
    method: 'GET',
    url: () => '/api/forum/',
    expected: byRole(
      { owner: 200, editor: 200, commenter: 200, viewer: 200 },
      { stranger: 200, anonymous: 401 },
      { stranger: 200, anonymous: 401 },
    ),
  },
  { name: 'GET /api/forum/{id}', method: 'GET', url: (a) => `/api/forum/${a.folderId}`, expected: readAll },
  {
    name: 'DELETE /api/forum/{id}',
    method: 'DELETE',
    url: (a) => `/api/forum/${a.folderId}`,
    expected: ownerOnly(200),
  },
  {
    name: 'GET /api/forum/{id}/permission',
    method: 'GET',
    url: (a) => `/api/forum/${a.folderId}/permission`,
    expected: readAll,
  },
  { name: 'GET /api/forum/{id}/mode', method: 'GET', url: (a) => `/api/forum/${a.folderId}/mode`, expected: readAll },
  {
    name: 'PATCH /api/forum/{id}/mode',
    method: 'PATCH',
    url: (a) => `/api/forum/${a.folderId}/mode`,
    body: () => ({ is_public: false }),
    expected: ownerOnly(200),
  },
  {
    name: 'POST /api/forum/{id}/add_user',
    method: 'POST',
    url: (a) => `/api/forum/${a.folderId}/add_user`,
    body: () => ({ email: 'newcomer@example.org', role: 'editor' }),
    expected: ownerOnly(201),
  },
  {
    name: 'PATCH /api/forum/{id}/update_user_role',
    method: 'PATCH',
    url: (a) => `/api/forum/${a.folderId}/update_user_role`,
    body: () => ({ email: 'viewer@example.org', role: 'editor' }),
    expected: ownerOnly(200),
  },
  {
    name: 'DELETE /api/forum/{id}/remove_user',
    method: 'DELETE',
    url: (a) => `/api/forum/${a.folderId}/remove_user`,
    body: () => ({ email: 'viewer@example.org' }),
    expected: ownerOnly(200),
  },
  {
    name: 'GET /api/folders/{id}/files',
    method: 'GET',
    url: (a) => `/api/folders/${a.folderId}/files`,
    expected: readAll,
  },
  {
    name: 'POST /api/folders/{id}/files',
    method: 'POST',
    url: (a) => `/api/folders/${a.folderId}/files`,
    body: (a) => ({ paper_id: a.newPaperId, platform: 'arxiv' }),
    expected: byRole({ owner: 201, editor: 201, commenter: 403, viewer: 403 }, { stranger: 403, anonymous: 401 }),
  },
  {
    name: 'DELETE /api/folders/{id}/files/{fileId}',
    method: 'DELETE',
    url: (a) => `/api/folders/${a.folderId}/files/${encodeURIComponent(a.paperId)}`,
    expected: byRole({ owner: 204, editor: 204, commenter: 403, viewer: 403 }, { stranger: 403, anonymous: 401 }),
  },
  {
    name: 'GET /api/comments/shared/{folderId}',
    method: 'GET',
    url: (a) => `/api/comments/shared/${a.folderId}`,
    expected: readAll,
  },
  {
    name: 'POST /api/comments/shared',
    method: 'POST',
    url: () => '/api/comments/shared',
    body: (a) => ({ folderId: a.folderId, content: 'A new thought' }),
    expected: byRole({ owner: 201, editor: 201, commenter: 201, viewer: 403 }, { stranger: 403, anonymous: 401 }),
  },
  {
    // The commenter's comment: its author and the folder's owner may delete it.
    name: 'DELETE /api/comments/shared/{id}',
    method: 'DELETE',
    url: (a) => `/api/comments/shared/${a.commentId}`,
    expected: byRole({ owner: 200, editor: 403, commenter: 200, viewer: 403 }, { stranger: 403, anonymous: 401 }),
  },
  {
    // The owner's upload, held in the folder: readable by whoever can read the folder.
    name: 'GET /api/comments/paper/{paperId} (an upload in the folder)',
    method: 'GET',
    url: (a) => `/api/comments/paper/${a.upload.paperId}?platform=upload`,
    expected: readAll,
  },
  {
    name: 'POST /api/comments/paper (an upload in the folder)',
    method: 'POST',
    url: () => '/api/comments/paper',
    body: (a) => ({ paperId: a.upload.paperId, platform: 'upload', content: 'On the upload' }),
    expected: byRole({ owner: 201, editor: 201, commenter: 201, viewer: 201 }, { stranger: 201, anonymous: 401 }),
  },
  {
    // The commenter's comment on the upload: its author alone deletes it; readers are refused 403.
    name: 'DELETE /api/comments/paper/{id} (an upload in the folder)',
    method: 'DELETE',
    url: (a) => `/api/comments/paper/${a.paperCommentId}`,
    expected: byRole({ owner: 403, editor: 403, commenter: 200, viewer: 403 }, { stranger: 403, anonymous: 401 }),
  },
];

describe.each(pgliteOnly())('collaboration routes × roles (%s)', (driver) => {
  let t: TestApp;
  const users = {} as Record<Exclude<Who, 'anonymous'>, { id: number; token: string }>;

  beforeAll(async () => {
    // The commenter writes the arranged comments of every case: the daily quota is raised for them.
    t = await createTestApp(driver, { seed: false, env: { USER_COMMENT_QUOTA_PER_DAY: '100000' } });
    users.owner = await buildNamedUser(t.db, { email: 'owner@example.org', name: 'Ada Owner' });
    users.editor = await buildNamedUser(t.db, { email: 'editor@example.org', name: 'Ed Editor' });
    users.commenter = await buildNamedUser(t.db, { email: 'commenter@example.org', name: 'Cam Commenter' });
    users.viewer = await buildNamedUser(t.db, { email: 'viewer@example.org', name: 'Vi Viewer' });
    users.stranger = await buildUser(t.db);
  });
  afterAll(() => t.close());

  async function arrange(mode: Mode): Promise<Arranged> {
    const folder = await buildFolder(t.db, { ownerId: users.owner.id, name: `A ${mode} forum` });
    await shareFolder(t.db, folder.id, { isPublic: mode === 'public' });
    for (const role of ['editor', 'commenter', 'viewer'] as const) {
      await buildFolderMember(t.db, { folderId: folder.id, email: `${role}@example.org`, role });
    }
    const { paperId } = await buildFolderFile(t.db, { folderId: folder.id });
    const upload = await buildUpload(t.db, { ownerId: users.owner.id, title: 'A shared draft' });
    await buildFolderFile(t.db, { folderId: folder.id, paper: upload });
    const [comment] = await t.db
      .insert(folderComments)
      .values({ folderId: folder.id, authorId: users.commenter.id, content: 'First!' })
      .returning();
    const [paperComment] = await t.db
      .insert(paperComments)
      .values({ ...upload, authorId: users.commenter.id, content: 'On the draft' })
      .returning();
    const newPaper = await buildPaper(t.db);
    if (!comment || !paperComment) throw new Error('arranged comments');
    return {
      folderId: folder.id,
      paperId,
      upload,
      commentId: comment.id,
      paperCommentId: paperComment.id,
      newPaperId: newPaper.paperId,
    };
  }

  /** Every table a collaboration route could write, in a fixed order. */
  const snapshot = async () => ({
    folders: await t.db
      .select({ id: folders.id, type: folders.type, isPublic: folders.isPublic, name: folders.name })
      .from(folders)
      .orderBy(folders.id),
    members: await t.db.select().from(folderMembers).orderBy(folderMembers.folderId, folderMembers.email),
    visits: await t.db.select().from(forumVisits).orderBy(forumVisits.folderId, forumVisits.userId),
    files: await t.db.select().from(folderFiles).orderBy(folderFiles.folderId, folderFiles.paperId),
    folderComments: await t.db.select().from(folderComments).orderBy(folderComments.id),
    paperComments: await t.db.select().from(paperComments).orderBy(paperComments.id),
  });

  const cases = ROUTES.flatMap((route) =>
    (['public', 'private'] as const).flatMap((mode) =>
      WHO.map((who) => [route.name, mode, who, route.expected[mode][who], route] as const),
    ),
  );

  it.each(cases)('%s on a %s folder by the %s → %i', async (_name, mode, who, expected, route) => {
    const arranged = await arrange(mode);
    const before = await snapshot();
    const response = await t.app.inject({
      method: route.method,
      url: route.url(arranged),
      payload: route.body?.(arranged),
      headers: who === 'anonymous' ? {} : { 'x-user-id': users[who].token },
    });
    expect(response.statusCode, response.body).toBe(expected);
    if (expected >= 400) {
      const error = response.json();
      expect(error.error).toBe({ 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[expected]);
      // A 404 tells nothing: the same words as for a folder, paper or comment that does not exist.
      if (expected === 404) expect(error.message).toMatch(/^(Folder \d+|Paper upload\/\S+|Comment \d+) not found$/);
      if (expected === 403) expect(error.message).toMatch(/: your role does not allow you to /);
      expect(await snapshot()).toEqual(before);
    }
  });
});
