import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, folderMembers, folders, storedFiles, uploads, userSessions, users } from '../../db/schema';
import { pdfKeyFor } from '../../storage/file-storage';
import { buildPaper, buildUser, findUserIdByToken } from '../../test-support/factories';
import { createSignInTestApp, type SignInTestApp } from '../../test-support/fake-google';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { issueUserId, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';
import { rowsNaming } from '../../test-support/user-references';

/** The /profile page's calls: GET /api/profile, its export, the library as BibTeX, and deleting the account. */
describe.each(testDrivers())('profile (%s)', (driver) => {
  let t: SignInTestApp;
  let pdf: Buffer;
  beforeAll(async () => {
    t = await createSignInTestApp(driver, { name: 'Rosalind Franklin' });
    pdf = await readPdfFixture(NAACL_PDF);
  });
  afterAll(() => t.close());

  const as = (id: string) => ({ 'x-user-id': id });
  const post = (id: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(id), payload });
  const signIn = async (sub = t.newSubject()) => ({ id: await t.signIn(sub), email: `${sub}@example.com` });
  const remove = (id: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/profile', headers: id ? as(id) : {}, payload: payload as object });
  const upload = async (id: string, tag: string) => {
    const response = await postUpload(t.app, id, [
      pdfPart(Buffer.concat([pdf, Buffer.from(`\n%${tag}-${Math.random()}`)])),
    ]);
    expect(response.statusCode).toBe(201);
    const paperId = response.json().paper_id as string;
    const [row] = await t.db.select().from(uploads).where(eq(uploads.paperId, paperId));
    return { paperId, hash: row?.contentHash as string };
  };
  const hasBytes = async (hash: string) => (await t.context.storage.stat(pdfKeyFor(hash))) !== null;

  it.each([
    ['GET', '/api/profile'],
    ['GET', '/api/profile/export'],
    ['GET', '/api/profile/library.bib'],
  ] as const)('%s %s needs X-User-ID (401 without)', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED', message: expect.stringContaining('X-User-ID') });
  });

  it('DELETE /api/profile needs X-User-ID (401 without)', async () => {
    expect((await remove(undefined, { confirm: 'delete my account' })).statusCode).toBe(401);
  });

  it('GET /api/profile: null while anonymous, with counts', async () => {
    const anon = await issueUserId(t.app);
    const paper = await buildPaper(t.db);
    const folderId = (await post(anon, '/api/folders/', { name: 'A' })).json().id;
    await post(anon, `/api/folders/${folderId}/files`, { paper_id: paper.paperId });
    await post(anon, '/api/topics', { topic: 'Optics' });
    const response = await t.app.inject({ url: '/api/profile', headers: as(anon) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: null,
      counts: {
        folders: 1,
        papers: 1,
        uploads: 0,
        topics: 1,
        chat_sessions: 0,
        review_sessions: 0,
        ideas: 0,
        comments: 0,
        shared_folders: 0,
        shared_with_me: 0,
      },
      is_admin: false,
    });
  });

  it('GET /api/profile: the signed-in person, and shared folders both ways', async () => {
    const me = await signIn();
    const meId = (await findUserIdByToken(t.db, me.id)) as number;
    const other = await buildUser(t.db);
    const [theirs] = await t.db
      .insert(folders)
      .values({ ownerId: other.id, name: 'Theirs', type: 'shared' })
      .returning();
    await t.db.insert(folderMembers).values({ folderId: theirs?.id as number, email: me.email, role: 'viewer' });
    await t.db.insert(folders).values({ ownerId: meId, name: 'Mine shared', type: 'shared' });
    const body = (await t.app.inject({ url: '/api/profile', headers: as(me.id) })).json();
    expect(body.user).toEqual({
      email: me.email,
      name: 'Rosalind Franklin',
      picture: null,
      signed_in_at: expect.any(String),
    });
    expect(body.counts).toMatchObject({ folders: 1, shared_folders: 1, shared_with_me: 1 });
  });

  it('exports everything held about the caller, no hashes, no stranger, with the library as BibTeX', async () => {
    const me = await signIn();
    const meId = (await findUserIdByToken(t.db, me.id)) as number;
    const paper = await buildPaper(t.db, {
      title: 'Photo 51 revisited',
      authors: ['Rosalind Franklin'],
      publishedDate: '1953-04-25',
    });
    const folderId = (await post(me.id, '/api/folders/', { name: 'Structures' })).json().id;
    await post(me.id, `/api/folders/${folderId}/files`, { paper_id: paper.paperId });
    await post(me.id, '/api/topics', { topic: 'Crystallography' });
    await post(me.id, '/api/contact', { message: 'Thanks for the app' });
    await upload(me.id, 'export');
    const stranger = await buildUser(t.db);
    await t.db
      .update(users)
      .set({ providerSubject: 'google:stranger-x', email: 'stranger@example.com' })
      .where(eq(users.id, stranger.id));
    const [shared] = await t.db.insert(folders).values({ ownerId: meId, name: 'Lab', type: 'shared' }).returning();
    await t.db
      .insert(folderMembers)
      .values({ folderId: shared?.id as number, email: 'colleague@example.com', role: 'editor', addedBy: meId });
    const [theirs] = await t.db
      .insert(folders)
      .values({ ownerId: stranger.id, name: 'Stranger forum', type: 'shared' })
      .returning();
    await t.db
      .insert(folderMembers)
      .values({ folderId: theirs?.id as number, email: me.email, role: 'commenter', addedBy: stranger.id });

    const response = await t.app.inject({ url: '/api/profile/export', headers: as(me.id) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(me.email);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'annotation_replies',
        'annotations',
        'chat_sessions',
        'contact_messages',
        'folder_comments',
        'folders',
        'forum_visits',
        'ideas',
        'memberships',
        'page_views',
        'paper_clicks',
        'paper_comments',
        'review_sessions',
        'sessions',
        'share_links',
        'shared_folders',
        'subscription',
        'tokens',
        'topics',
        'uploads',
      ].sort(),
    );
    const structures = body.data.folders.find((folder: { name: string }) => folder.name === 'Structures');
    expect(structures.files).toEqual([
      expect.objectContaining({ paper_id: paper.paperId, title: 'Photo 51 revisited' }),
    ]);
    expect(body.data.topics).toEqual([expect.objectContaining({ topic: 'Crystallography' })]);
    expect(body.data.uploads).toEqual([
      expect.objectContaining({ original_filename: 'paper.pdf', byte_size: expect.any(Number) }),
    ]);
    expect(body.data.contact_messages).toEqual([expect.objectContaining({ message: 'Thanks for the app' })]);
    expect(body.data.shared_folders).toEqual([
      expect.objectContaining({
        name: 'Lab',
        members: [expect.objectContaining({ email: 'colleague@example.com', role: 'editor' })],
      }),
    ]);
    expect(body.data.memberships).toEqual([
      expect.objectContaining({ folder_name: 'Stranger forum', role: 'commenter' }),
    ]);
    expect(body.data.sessions.some((session: { this_device: boolean }) => session.this_device)).toBe(true);
    // No token hash, and nothing of the stranger but the folder they shared with the caller.
    const hashes = (
      await t.db.select({ h: userSessions.tokenHash }).from(userSessions).where(eq(userSessions.userId, meId))
    ).map((r) => r.h);
    for (const hash of hashes) expect(response.body).not.toContain(hash);
    expect(response.body).not.toContain('stranger@example.com');
    expect(response.body).not.toMatch(/token_hash|tokenHash/);
    expect(body.bibtex).toContain('Photo 51 revisited');
    expect(body.bibtex).toMatch(/@misc\{Franklin1953Photo,/);
  });

  it('GET /api/profile/library.bib is a BibTeX attachment of every paper in the folders, once', async () => {
    const me = await signIn();
    const paper = await buildPaper(t.db, {
      title: 'Molecular configuration',
      authors: ['Rosalind Franklin'],
      publishedDate: '1953-04-25',
    });
    for (const name of ['One', 'Two']) {
      const folderId = (await post(me.id, '/api/folders/', { name })).json().id;
      await post(me.id, `/api/folders/${folderId}/files`, { paper_id: paper.paperId });
    }
    const response = await t.app.inject({ url: '/api/profile/library.bib', headers: as(me.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-bibtex/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="paperbench-library.bib"');
    expect(response.body.match(/^@/gm)).toHaveLength(1);
    expect(response.body).toContain(`note = {arXiv:${paper.paperId}}`);
  });

  it('a wrong confirmation is refused with 400 and nothing is deleted', async () => {
    const me = await signIn();
    const meId = (await findUserIdByToken(t.db, me.id)) as number;
    await post(me.id, '/api/folders/', { name: 'Keep' });
    const before = await rowsNaming(t.db, meId);
    for (const payload of [
      { confirm: 'delete' },
      { confirm: 'DELETE MY ACCOUNT' },
      {},
      { confirm: 'delete my account\u0000' },
    ]) {
      const response = await remove(me.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST' });
    }
    expect(await rowsNaming(t.db, meId)).toEqual(before);
    expect((await t.app.inject({ url: '/api/profile', headers: as(me.id) })).statusCode).toBe(200);
  });

  it('deletes the account: no row of it left, every upload and its files gone, even one another user kept a copy of', async () => {
    const sub = t.newSubject();
    const me = await signIn(sub);
    const second = await signIn(sub);
    const meId = (await findUserIdByToken(t.db, me.id)) as number;
    const paper = await buildPaper(t.db);
    const folderId = (await post(me.id, '/api/folders/', { name: 'Gone' })).json().id;
    await post(me.id, `/api/folders/${folderId}/files`, { paper_id: paper.paperId });
    await post(me.id, '/api/topics', { topic: 'Helices' });
    await post(me.id, '/api/chat/sessions', { title: 'Talk' });
    await post(me.id, '/api/contact', { message: 'Bye' });
    // docs/security.md#personal-access-tokens: tokens go with the account (on delete cascade).
    const script = await post(me.id, '/api/tokens', { name: 'Script', scopes: ['read'] });
    expect(script.statusCode).toBe(201);
    const alone = await upload(me.id, 'alone');
    const kept = await upload(me.id, 'kept');
    // Someone else keeps a copy of `kept` in a folder (imported from a share link): a reference, not a
    // grant (docs/collaboration.md#uploads), so it goes with the uploader's account.
    const other = await issueUserId(t.app);
    const otherId = (await findUserIdByToken(t.db, other)) as number;
    const [otherFolder] = await t.db.insert(folders).values({ ownerId: otherId, name: 'Imported' }).returning();
    await t.db
      .insert(folderFiles)
      .values({ folderId: otherFolder?.id as number, platform: 'upload', paperId: kept.paperId, addedBy: otherId });
    const othersBefore = await rowsNaming(t.db, otherId);

    const response = await remove(me.id, { confirm: 'delete my account' });
    expect(response.statusCode).toBe(204);

    expect(Object.entries(await rowsNaming(t.db, meId)).filter(([, n]) => n > 0)).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, meId))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, me.email))).toEqual([]);
    // Every session ended: both devices' ids answer 401.
    for (const id of [me.id, second.id]) {
      expect((await t.app.inject({ url: '/api/profile', headers: as(id) })).statusCode).toBe(401);
    }
    const byToken = { authorization: `Bearer ${script.json().token}` };
    expect((await t.app.inject({ url: '/api/profile', headers: byToken })).statusCode).toBe(401);
    // Both uploads: their papers, rows, stored files and bytes are gone; the copy passed to no one.
    for (const gone of [alone, kept]) {
      expect(await t.db.select().from(uploads).where(eq(uploads.paperId, gone.paperId))).toEqual([]);
      expect(
        (await t.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.contentHash, gone.hash)))[0]?.n,
      ).toBe(0);
      expect(await hasBytes(gone.hash)).toBe(false);
    }
    expect((await t.app.inject({ url: `/api/uploads/${kept.paperId}/pdf`, headers: as(other) })).statusCode).toBe(404);
    expect(await rowsNaming(t.db, otherId)).toEqual({ ...othersBefore, 'folder_files.added_by': 0 });
    // A new anonymous id works as before (the client fetches one).
    expect((await t.app.inject({ url: '/api/profile', headers: as(await issueUserId(t.app)) })).statusCode).toBe(200);
  });
});
