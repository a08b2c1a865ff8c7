import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annotationReads,
  annotationReplies,
  annotations,
  chatMessages,
  chatSessions,
  folderComments,
  folderFiles,
  folderMembers,
  folders,
  forumVisits,
  ideas,
  paperClicks,
  paperComments,
  readingPositions,
  subscriptions,
  topics,
  uploads,
  users,
  zoteroSyncs,
} from '../../db/schema';
import { buildFolder, buildPaper, buildUser, findUserIdByToken } from '../../test-support/factories';
import { createSignInTestApp, type SignInTestApp } from '../../test-support/fake-google';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { issueUserId, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';
import { rowsNaming, userReferences } from '../../test-support/user-references';
import { USER_REFERENCES } from './account-merge.repo';

/** docs/security.md#sessions (merge): a sign-in moves the device's anonymous data into the account, in one transaction. */
describe.each(testDrivers())('identity merge on sign-in (%s)', (driver) => {
  let t: SignInTestApp;
  beforeAll(async () => {
    t = await createSignInTestApp(driver, { name: 'Grace Hopper' });
  });
  afterAll(() => t.close());

  const as = (id: string) => ({ 'x-user-id': id });
  const post = (id: string, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, headers: as(id), payload });
  const login = (id: string, sub: string) => t.signIn(sub, id);
  const newFolder = async (id: string, name: string) => (await post(id, '/api/folders/', { name })).json().id as number;
  const addFile = async (id: string, folderId: number, paperId: string, selected = false) => {
    expect((await post(id, `/api/folders/${folderId}/files`, { paper_id: paperId })).statusCode).toBeLessThan(300);
    if (selected)
      expect(
        (await post(id, '/api/chat/update_file_selection', { paper_id: paperId, selected: true })).statusCode,
      ).toBe(200);
  };
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

  it('lists every column that references users (a new one fails here until merge and deletion handle it)', async () => {
    expect(await userReferences(t.db)).toEqual([...USER_REFERENCES].sort());
  });

  it('merges a second device into the account row by row: nothing lost, duplicates collapsed', async () => {
    const sub = t.newSubject();
    const [p1, p2, p3, p4] = await Promise.all([1, 2, 3, 4].map(() => buildPaper(t.db)));
    if (!p1 || !p2 || !p3 || !p4) throw new Error('papers');
    const someoneElse = await buildUser(t.db);
    const publicFolder = await buildFolder(t.db, { ownerId: someoneElse.id, name: 'Public forum' });
    const otherPublic = await buildFolder(t.db, { ownerId: someoneElse.id, name: 'Another forum' });
    await t.db.update(folders).set({ type: 'shared', isPublic: true }).where(eq(folders.ownerId, someoneElse.id));

    // Device 1 signs in first: the account, with a folder, a topic, a subscription and a forum visit.
    const device1 = await login(await issueUserId(t.app), sub);
    const account = (await findUserIdByToken(t.db, device1)) as number;
    const reading = await newFolder(device1, 'Reading');
    await addFile(device1, reading, p1.paperId);
    await addFile(device1, reading, p2.paperId);
    await post(device1, '/api/topics', { topic: 'Transformers' });
    await t.db
      .insert(subscriptions)
      .values({ userId: account, email: 'a@example.com', frequency: 'daily', unsubscribeTokenHash: `a-${sub}` });
    await t.db
      .insert(forumVisits)
      .values({ userId: account, folderId: publicFolder.id, visitedAt: new Date('2026-01-01T00:00:00Z') });

    // Device 2, anonymous: a same-named folder (a paper in common, selected here), another folder,
    // an upload, a duplicate topic in other case, its own subscription, a chat, comments, a contact
    // message, a page view, a click, a share link, a member it added and forum visits.
    const device2 = await issueUserId(t.app);
    const anon = (await findUserIdByToken(t.db, device2)) as number;
    const reading2 = await newFolder(device2, 'Reading');
    await addFile(device2, reading2, p2.paperId, true);
    await addFile(device2, reading2, p3.paperId);
    const other = await newFolder(device2, 'Other');
    await addFile(device2, other, p4.paperId);
    const upload = await postUpload(t.app, device2, [
      pdfPart(Buffer.concat([await readPdfFixture(NAACL_PDF), Buffer.from(`%${sub}`)])),
    ]);
    expect(upload.statusCode).toBe(201);
    await post(device2, '/api/topics', { topic: 'transformers' });
    // docs/security.md#personal-access-tokens: a script's token moves with the rest and keeps working.
    const script = await post(device2, '/api/tokens', { name: 'Script', scopes: ['read'] });
    expect(script.statusCode).toBe(201);
    await post(device2, '/api/topics', { topic: 'Graphs' });
    await t.db
      .insert(subscriptions)
      .values({ userId: anon, email: 'b@example.com', frequency: 'weekly', unsubscribeTokenHash: `b-${sub}` });
    const chat = await post(device2, '/api/chat/sessions', { title: 'Questions' });
    expect(chat.statusCode).toBeLessThan(300);
    const chatId = (await t.db.select().from(chatSessions).where(eq(chatSessions.userId, anon)))[0]?.id as number;
    await t.db.insert(chatMessages).values([
      { sessionId: chatId, role: 'user', content: 'What is new?' },
      { sessionId: chatId, role: 'assistant', content: 'Nothing.', source: 'extractive' },
    ]);
    await t.db.insert(chatSessions).values({ userId: anon, title: 'My review', kind: 'review', graphStatus: 'draft' });
    await t.db.insert(ideas).values({
      userId: anon,
      topic: 'graphs',
      title: 'An idea',
      source: 'extractive',
      idea: {},
      noveltyCheck: {},
    });
    await t.db
      .insert(paperComments)
      .values({ platform: 'arxiv', paperId: p1.paperId, authorId: anon, content: 'Nice' });
    await t.db.insert(folderComments).values({ folderId: publicFolder.id, authorId: anon, content: 'Hello' });
    // docs/annotations.md: a mark with a reply; both devices read its thread (one reading is kept: the later).
    const [mark] = await t.db
      .insert(annotations)
      .values({ userId: anon, platform: 'arxiv', paperId: p1.paperId, page: 1, kind: 'area', color: 'yellow' })
      .returning({ id: annotations.id });
    await t.db.insert(annotationReplies).values({ annotationId: mark?.id as number, authorId: anon, content: 'Mine' });
    await t.db.insert(annotationReads).values([
      { userId: anon, annotationId: mark?.id as number },
      { userId: account, annotationId: mark?.id as number },
    ]);
    // docs/reading.md: both read p1 (the device later, so its place wins); only the device read p2.
    await t.db.insert(readingPositions).values([
      {
        userId: account,
        platform: 'arxiv',
        paperId: p1.paperId,
        page: 2,
        offset: 0.1,
        updatedAt: new Date('2026-01-01'),
      },
      { userId: anon, platform: 'arxiv', paperId: p1.paperId, page: 7, offset: 0.5, updatedAt: new Date('2026-02-01') },
      { userId: anon, platform: 'arxiv', paperId: p2.paperId, page: 3, offset: 0, updatedAt: new Date('2026-01-15') },
    ]);
    expect((await post(device2, '/api/contact', { message: 'Hi there' })).statusCode).toBeLessThan(300);
    expect(
      (
        await post(device2, '/api/metrics/track', {
          event: 'page_view',
          path: '/',
          title: 'Home',
          ts: Date.now(),
          uid: device2,
        })
      ).statusCode,
    ).toBeLessThan(300);
    await t.db.insert(paperClicks).values({ platform: 'arxiv', paperId: p3.paperId, userId: anon });
    expect(
      (await post(device2, '/api/share', { files: [{ paper_id: p1.paperId, platform: 'arxiv' }] })).statusCode,
    ).toBeLessThan(300);
    await t.db
      .insert(folderMembers)
      .values({ folderId: publicFolder.id, email: 'friend@example.com', role: 'viewer', addedBy: anon });
    // docs/import-export.md#zotero: a Zotero sync state of the moved folder moves; the merged folder's goes with it.
    await t.db.insert(zoteroSyncs).values([
      { userId: anon, folderId: other, library: 'users/1', version: 3 },
      { userId: anon, folderId: reading2, library: 'users/1', version: 4 },
    ]);
    await t.db.insert(forumVisits).values([
      { userId: anon, folderId: publicFolder.id, visitedAt: new Date('2026-02-01T00:00:00Z') },
      { userId: anon, folderId: otherPublic.id },
    ]);

    const before = { account: await rowsNaming(t.db, account), anon: await rowsNaming(t.db, anon) };
    expect(before.anon).toMatchObject({
      'annotations.user_id': 1,
      'annotation_replies.author_id': 1,
      'annotation_reads.user_id': 1,
      'api_tokens.user_id': 1,
      'folders.owner_id': 2,
      'uploads.owner_id': 1,
      'topics.user_id': 2,
      'subscriptions.user_id': 1,
      'chat_sessions.user_id': 2,
      'ideas.user_id': 1,
      'paper_comments.author_id': 1,
      'reading_positions.user_id': 2,
      'folder_comments.author_id': 1,
      'contact_messages.user_id': 1,
      'page_views.user_id': 1,
      'paper_clicks.user_id': 1,
      'shared_lists.created_by': 1,
      'folder_members.added_by': 1,
      'forum_visits.user_id': 2,
      'user_sessions.user_id': 1,
      'zotero_syncs.user_id': 2,
    });

    const signedIn = await login(device2, sub);
    expect(await findUserIdByToken(t.db, signedIn)).toBe(account);
    const after = { account: await rowsNaming(t.db, account), anon: await rowsNaming(t.db, anon) };
    // The anonymous user is gone with every row of it.
    expect(Object.values(after.anon).every((value) => value === 0)).toBe(true);
    expect(await n(t.db.select({ n: count() }).from(users).where(eq(users.id, anon)))).toBe(0);
    const moved = (ref: string) => (before.account[ref] ?? 0) + (before.anon[ref] ?? 0);
    expect(after.account).toEqual({
      'annotations.user_id': moved('annotations.user_id'),
      'annotation_replies.author_id': moved('annotation_replies.author_id'),
      // The thread both read collapses to one reading.
      'annotation_reads.user_id': moved('annotation_reads.user_id') - 1,
      'api_tokens.user_id': moved('api_tokens.user_id'),
      // 'Reading' merged into the account's 'Reading'; 'Other' moved.
      'folders.owner_id': 2,
      'uploads.owner_id': moved('uploads.owner_id'),
      // 'transformers' collapsed into 'Transformers'; 'Graphs' moved.
      'topics.user_id': 2,
      // The account's subscription kept; the device's dropped (one per user).
      'subscriptions.user_id': 1,
      'chat_sessions.user_id': moved('chat_sessions.user_id'),
      'ideas.user_id': moved('ideas.user_id'),
      'paper_comments.author_id': moved('paper_comments.author_id'),
      // p1, read on both, keeps one position: the later (page 7).
      'reading_positions.user_id': moved('reading_positions.user_id') - 1,
      'folder_comments.author_id': moved('folder_comments.author_id'),
      'contact_messages.user_id': moved('contact_messages.user_id'),
      'page_views.user_id': moved('page_views.user_id'),
      'paper_clicks.user_id': moved('paper_clicks.user_id'),
      'shared_lists.created_by': moved('shared_lists.created_by'),
      'folder_members.added_by': moved('folder_members.added_by'),
      // p2, in both 'Reading' folders, keeps the account's placement.
      'folder_files.added_by': moved('folder_files.added_by') - 1,
      // The same forum visited on both collapses to one (the later visit).
      'forum_visits.user_id': 2,
      'zotero_syncs.user_id': moved('zotero_syncs.user_id') - 1,
      // Device 1's first (revoked) and fresh sessions, and device 2's fresh one; device 2's anonymous
      // session went with its user.
      'user_sessions.user_id': 3,
      // Only an administrator acts, never an anonymous device.
      'admin_audit_log.actor_id': 0,
    });

    // Folder contents: Reading holds p1, p2 (selected ORed in) and p3; Other holds p4 and the upload.
    const place = await t.db
      .select({ page: readingPositions.page })
      .from(readingPositions)
      .where(and(eq(readingPositions.userId, account), eq(readingPositions.paperId, p1.paperId)));
    expect(place).toEqual([{ page: 7 }]);

    const files = await t.db
      .select({ name: folders.name, paperId: folderFiles.paperId, selected: folderFiles.selected })
      .from(folderFiles)
      .innerJoin(folders, eq(folders.id, folderFiles.folderId))
      .where(eq(folders.ownerId, account));
    const inReading = files.filter((file) => file.name === 'Reading');
    expect(inReading.map((file) => file.paperId).sort()).toEqual([p1.paperId, p2.paperId, p3.paperId].sort());
    expect(inReading.find((file) => file.paperId === p2.paperId)?.selected).toBe(true);
    expect(files.filter((file) => file.name === 'Other').map((file) => file.paperId)).toContain(p4.paperId);
    expect(await n(t.db.select({ n: count() }).from(folders).where(eq(folders.id, reading2)))).toBe(0);
    expect(
      (await t.db.select({ topic: topics.topic }).from(topics).where(eq(topics.userId, account)))
        .map((r) => r.topic)
        .sort(),
    ).toEqual(['Graphs', 'Transformers']);
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.userId, account)))[0]?.email).toBe(
      'a@example.com',
    );
    expect(await n(t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.sessionId, chatId)))).toBe(2);
    const visit = await t.db
      .select()
      .from(forumVisits)
      .where(and(eq(forumVisits.userId, account), eq(forumVisits.folderId, publicFolder.id)));
    expect(visit[0]?.visitedAt.toISOString()).toBe('2026-02-01T00:00:00.000Z');

    // Through the API: device 2's new id sees the merged library, the upload is still readable, the old id is 401.
    const list = await t.app.inject({ url: '/api/folders', headers: as(signedIn) });
    expect(JSON.stringify(list.json())).toContain('Other');
    const uploadId = upload.json().paper_id as string;
    expect((await t.db.select().from(uploads).where(eq(uploads.paperId, uploadId)))[0]?.ownerId).toBe(account);
    expect((await t.app.inject({ url: `/api/uploads/${uploadId}/pdf`, headers: as(signedIn) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/folders', headers: as(device2) })).statusCode).toBe(401);
    // The first device keeps working and sees the same library.
    const first = await t.app.inject({ url: '/api/folders', headers: as(device1) });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(list.body);
    // The moved token now acts for the account: it sees the merged library too.
    const byToken = await t.app.inject({
      url: '/api/folders',
      headers: { authorization: `Bearer ${script.json().token}` },
    });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.body).toBe(list.body);
  });

  it('a first sign-in on a device with data keeps all of it (the device becomes the account)', async () => {
    const device = await issueUserId(t.app);
    const userId = (await findUserIdByToken(t.db, device)) as number;
    const paper = await buildPaper(t.db);
    await addFile(device, await newFolder(device, 'Mine'), paper.paperId);
    await post(device, '/api/topics', { topic: 'Graphs' });
    const before = await rowsNaming(t.db, userId);
    const signedIn = await login(device, t.newSubject());
    expect(await findUserIdByToken(t.db, signedIn)).toBe(userId);
    // Only the sessions changed: one revoked, one fresh (both remain rows of the user).
    expect(await rowsNaming(t.db, userId)).toEqual({ ...before, 'user_sessions.user_id': 2 });
  });

  it('an email another account holds refuses the sign-in with 409: nothing moved, the device keeps its id', async () => {
    const sub = t.newSubject();
    const device1 = await login(await issueUserId(t.app), sub);
    const account = (await findUserIdByToken(t.db, device1)) as number;
    const device2 = await issueUserId(t.app);
    const anon = (await findUserIdByToken(t.db, device2)) as number;
    await newFolder(device2, 'Notes');
    await post(device2, '/api/topics', { topic: 'Optics' });
    const before = { account: await rowsNaming(t.db, account), anon: await rowsNaming(t.db, anon) };
    // Someone else holds the email the token carries.
    const squatter = await buildUser(t.db);
    await t.db
      .update(users)
      .set({ providerSubject: 'google:squatter', email: `squat.${sub}@example.com` })
      .where(eq(users.id, squatter.id));
    const refused = await t.postCredential(device2, await t.idToken({ sub, email: `squat.${sub}@example.com` }));
    expect(refused.statusCode).toBe(409);
    expect({ account: await rowsNaming(t.db, account), anon: await rowsNaming(t.db, anon) }).toEqual(before);
    expect((await t.app.inject({ url: '/api/folders', headers: as(device2) })).statusCode).toBe(200);
  });
});
