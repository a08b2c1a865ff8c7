import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationReads, annotationReplies, annotations } from '../../db/schema';
import { buildPeople, buildSharedFolder, type CallArgs, injectAs } from '../../test-support/collaboration';
import { buildPaper, buildUser, shareFolder } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/annotations.md#threads: replies on a shared mark, resolve and reopen, by the folder's roles. */
describe.each(testDrivers())('annotation threads (%s)', (driver) => {
  let t: TestApp;
  let ada: { id: number; token: string; email: string };
  let cam: { id: number; token: string; email: string };
  let vic: { id: number; token: string; email: string };
  let eve: { id: number; token: string };
  let paperId: string;
  let folderId: number;
  let shared: { id: number };
  let privateMark: { id: number };

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    [ada, cam, vic] = await buildPeople(t.db, 'Ada', 'Cam', 'Vic');
    eve = await buildUser(t.db);
    paperId = (await buildPaper(t.db)).paperId;
    folderId = (
      await buildSharedFolder(t.db, {
        ownerId: ada.id,
        members: [
          { email: cam.email, role: 'commenter' },
          { email: vic.email, role: 'viewer' },
        ],
      })
    ).id;
    const mark = {
      paper_id: paperId,
      page: 1,
      kind: 'highlight',
      quote: { exact: 'x' },
      position: { start: 0, end: 1 },
    };
    shared = (await call(ada.token, 'POST', '/api/annotations', { ...mark, folder_id: folderId })).json();
    privateMark = (await call(ada.token, 'POST', '/api/annotations', mark)).json();
  });
  afterAll(() => t.close());

  const call = (...request: CallArgs) => injectAs(t, ...request);
  const state = async () => ({
    replies: await t.db.select().from(annotationReplies).orderBy(annotationReplies.id),
    marks: await t.db.select().from(annotations).orderBy(annotations.id),
  });
  const reply = (token: string | null, id: number, content: unknown) =>
    call(token, 'POST', `/api/annotations/${id}/replies`, { content });
  const threadOf = async (token: string) =>
    (
      (await call(token, 'GET', `/api/annotations?paper_id=${paperId}&platform=arxiv`)).json() as {
        id: number;
        thread: unknown;
      }[]
    ).find((mark) => mark.id === shared.id)?.thread;

  it('gives a shared mark a thread and a private one none; can_reply follows the folder role', async () => {
    expect(shared).toMatchObject({ thread: { resolved: false, reply_count: 0, unread_count: 0, can_reply: true } });
    expect(privateMark).toMatchObject({ thread: null });
    expect(await threadOf(cam.token)).toEqual({ resolved: false, reply_count: 0, unread_count: 1, can_reply: true });
    expect(await threadOf(vic.token)).toEqual({ resolved: false, reply_count: 0, unread_count: 1, can_reply: false });
  });

  it('lets the owner and commenters reply; a viewer, a stranger and a private mark are refused with nothing written', async () => {
    const byCam = await reply(cam.token, shared.id, '  I disagree  ');
    expect(byCam.statusCode, byCam.body).toBe(201);
    expect(byCam.json()).toEqual({
      id: expect.any(Number),
      annotation_id: shared.id,
      content: 'I disagree',
      author_name: 'Cam',
      is_mine: true,
      created_at: expect.any(String),
      abilities: { delete: true },
    });
    expect((await reply(ada.token, shared.id, 'Why?')).statusCode).toBe(201);
    const before = await state();
    expect((await reply(vic.token, shared.id, 'me too')).statusCode).toBe(403);
    expect((await reply(eve.token, shared.id, 'hi')).statusCode).toBe(404);
    expect((await reply(null, shared.id, 'hi')).statusCode).toBe(401);
    expect((await reply(ada.token, privateMark.id, 'note to self')).statusCode).toBe(403);
    expect((await reply(cam.token, privateMark.id, 'peek')).statusCode).toBe(404);
    for (const bad of ['', '   ', 'a\u0000b', 'x'.repeat(10_001), 42]) {
      const refused = await reply(cam.token, shared.id, bad);
      expect(refused.statusCode, JSON.stringify(bad).slice(0, 20)).toBe(400);
    }
    expect(await state()).toEqual(before);
    expect(await threadOf(vic.token)).toMatchObject({ reply_count: 2 });
  });

  it('lists the thread to whoever sees the mark, by display name; strangers get 404', async () => {
    const asVic = await call(vic.token, 'GET', `/api/annotations/${shared.id}/replies`);
    expect(asVic.statusCode).toBe(200);
    expect(asVic.json().map((r: { author_name: string; is_mine: boolean }) => [r.author_name, r.is_mine])).toEqual([
      ['Cam', false],
      ['Ada', false],
    ]);
    expect(asVic.body).not.toMatch(/@example\.org|author_id/);
    expect((await call(eve.token, 'GET', `/api/annotations/${shared.id}/replies`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/annotations/${shared.id}/replies`)).statusCode).toBe(404);
    expect((await call(ada.token, 'GET', `/api/annotations/${privateMark.id}/replies`)).json()).toEqual([]);
    await shareFolder(t.db, folderId, { isPublic: true });
    expect((await call(null, 'GET', `/api/annotations/${shared.id}/replies`)).json()).toHaveLength(2);
    expect((await reply(eve.token, shared.id, 'drive-by')).statusCode).toBe(403);
    await shareFolder(t.db, folderId, { isPublic: false });
  });

  it('resolves and reopens by whoever may reply; a viewer may not', async () => {
    const before = await state();
    expect(
      (await call(vic.token, 'PATCH', `/api/annotations/${shared.id}/thread`, { resolved: true })).statusCode,
    ).toBe(403);
    expect(
      (await call(eve.token, 'PATCH', `/api/annotations/${shared.id}/thread`, { resolved: true })).statusCode,
    ).toBe(404);
    for (const bad of [{}, { resolved: 'yes' }, { resolved: true, note: 'x' }]) {
      expect((await call(cam.token, 'PATCH', `/api/annotations/${shared.id}/thread`, bad)).statusCode).toBe(400);
    }
    expect(await state()).toEqual(before);
    const resolved = await call(cam.token, 'PATCH', `/api/annotations/${shared.id}/thread`, { resolved: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().thread).toMatchObject({ resolved: true, reply_count: 2, can_reply: true });
    expect(await threadOf(vic.token)).toMatchObject({ resolved: true });
    const reopened = await call(ada.token, 'PATCH', `/api/annotations/${shared.id}/thread`, { resolved: false });
    expect(reopened.json().thread).toMatchObject({ resolved: false });
  });

  it("deletes a reply by its author or the folder's owner; another member 403, a stranger 404", async () => {
    const [byCam, byAda] = (await call(vic.token, 'GET', `/api/annotations/${shared.id}/replies`)).json() as {
      id: number;
    }[];
    const before = await state();
    expect((await call(vic.token, 'DELETE', `/api/annotations/replies/${byCam?.id}`)).statusCode).toBe(403);
    expect((await call(cam.token, 'DELETE', `/api/annotations/replies/${byAda?.id}`)).statusCode).toBe(403);
    expect((await call(eve.token, 'DELETE', `/api/annotations/replies/${byCam?.id}`)).statusCode).toBe(404);
    expect(await state()).toEqual(before);
    expect((await call(ada.token, 'DELETE', `/api/annotations/replies/${byCam?.id}`)).statusCode).toBe(204);
    expect((await call(ada.token, 'DELETE', `/api/annotations/replies/${byAda?.id}`)).statusCode).toBe(204);
    expect((await call(ada.token, 'DELETE', `/api/annotations/replies/${byAda?.id}`)).statusCode).toBe(404);
    expect(await threadOf(ada.token)).toMatchObject({ reply_count: 0 });
  });

  it('counts unread replies per mark, per paper and per folder until the thread is read', async () => {
    const mark = { paper_id: paperId, page: 1, kind: 'note', quote: { exact: 'y' }, position: { start: 1, end: 2 } };
    const fresh = (await call(ada.token, 'POST', '/api/annotations', { ...mark, folder_id: folderId })).json();
    const unreadOf = async (token: string) =>
      (
        (await call(token, 'GET', `/api/annotations?paper_id=${paperId}&platform=arxiv`)).json() as {
          id: number;
          thread: { unread_count: number };
        }[]
      ).find((m) => m.id === fresh.id)?.thread.unread_count;
    const folderUnread = async (token: string | null) =>
      (await call(token, 'GET', `/api/annotations/unread?folder_id=${folderId}`)).json();
    const paperUnread = async (token: string) =>
      (await call(token, 'GET', `/api/annotations/counts?papers=arxiv:${paperId}`)).json()[0].unread_count;
    // Someone else's new shared mark is unread until its thread is opened; one's own is not.
    expect(fresh.thread.unread_count).toBe(0);
    expect(await unreadOf(cam.token)).toBe(1);
    const camFolderBefore = (await folderUnread(cam.token)).unread_count;
    expect(camFolderBefore).toBeGreaterThanOrEqual(1);
    expect((await call(cam.token, 'POST', `/api/annotations/${fresh.id}/read`)).statusCode).toBe(204);
    expect(await unreadOf(cam.token)).toBe(0);
    expect((await folderUnread(cam.token)).unread_count).toBe(camFolderBefore - 1);
    // A reply by someone else is unread; one's own is not.
    expect((await reply(ada.token, fresh.id, 'Look at this')).statusCode).toBe(201);
    expect((await reply(cam.token, fresh.id, 'Seen')).statusCode).toBe(201);
    expect(await unreadOf(cam.token)).toBe(1);
    expect(await unreadOf(ada.token)).toBe(1);
    expect(await paperUnread(ada.token)).toBeGreaterThanOrEqual(1);
    await call(ada.token, 'POST', `/api/annotations/${fresh.id}/read`);
    expect(await unreadOf(ada.token)).toBe(0);
    // Strangers learn nothing, and write nothing.
    const reads = await t.db.select().from(annotationReads);
    expect((await call(eve.token, 'POST', `/api/annotations/${fresh.id}/read`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/annotations/${fresh.id}/read`)).statusCode).toBe(401);
    expect((await call(eve.token, 'GET', `/api/annotations/unread?folder_id=${folderId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/annotations/unread?folder_id=${folderId}`)).statusCode).toBe(404);
    expect((await call(cam.token, 'GET', '/api/annotations/unread?folder_id=abc')).statusCode).toBe(400);
    expect(await t.db.select().from(annotationReads)).toEqual(reads);
    await call(ada.token, 'DELETE', `/api/annotations/${fresh.id}`);
  });

  it('hides the thread once the mark is unshared, and its replies go with the mark', async () => {
    expect((await reply(cam.token, shared.id, 'last word')).statusCode).toBe(201);
    const unshared = await call(ada.token, 'PATCH', `/api/annotations/${shared.id}`, { folder_id: null });
    expect(unshared.json().thread).toBeNull();
    expect((await call(cam.token, 'GET', `/api/annotations/${shared.id}/replies`)).statusCode).toBe(404);
    expect((await call(ada.token, 'GET', `/api/annotations/${shared.id}/replies`)).json()).toEqual([]);
    expect((await call(ada.token, 'DELETE', `/api/annotations/${shared.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(annotationReplies)).toEqual([]);
  });
});
