import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions, folders, sharedLists } from '../../db/schema';
import { buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../../test-support/uploads';
import { buildChatFixture, SPECTER_GRAPH } from '../chat/chat-test-support';

/** A PDF of exactly `size` bytes (a valid header, random filler so each is a new file). */
const pdfOfSize = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, randomBytes(size - head.length)]);
};

describe.each(testDrivers())('per-user quotas (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      seed: false,
      env: {
        USER_FOLDER_QUOTA: '3',
        USER_SHARE_LIST_QUOTA: '2',
        USER_UPLOAD_QUOTA_BYTES: '10000',
        USER_CHAT_SESSION_QUOTA: '2',
      },
    });
  });
  afterAll(() => t.close());

  it('refuses a folder past USER_FOLDER_QUOTA with 409, creating nothing', async () => {
    const user = await buildUser(t.db);
    const headers = { 'x-user-id': user.token };
    const create = (name: string) => t.app.inject({ method: 'POST', url: '/api/folders/', headers, payload: { name } });
    for (let i = 0; i < 3; i += 1) expect((await create(`f${i}`)).statusCode).toBe(201);
    const refused = await create('fourth');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'CONFLICT',
      message: 'You have 3 folders, the most allowed: delete one before creating another',
    });
    const [row] = await t.db.select({ n: count() }).from(folders).where(eq(folders.ownerId, user.id));
    expect(row?.n).toBe(3);
  });

  it('holds the folder quota when creations arrive at once', async () => {
    const user = await buildUser(t.db);
    const headers = { 'x-user-id': user.token };
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/folders/', headers, payload: { name: `burst ${i}` } }),
      ),
    );
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const [row] = await t.db.select({ n: count() }).from(folders).where(eq(folders.ownerId, user.id));
    expect(row?.n).toBe(3);
  });

  const chatSessionsOf = async (userId: number) =>
    (await t.db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.userId, userId)))[0]?.n;

  it('refuses a chat session past USER_CHAT_SESSION_QUOTA with 409, from either route that makes one, creating nothing', async () => {
    const { user } = await buildChatFixture(t.db);
    const headers = { 'x-user-id': user.token };
    const create = () => t.app.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: {} });
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/chat/stream_chat', headers, payload: { message: SPECTER_GRAPH } });
    expect((await create()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(200);
    const message = 'You have 2 chat sessions, the most allowed: delete one before starting another';
    for (const refused of [await create(), await ask()]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'CONFLICT', message, details: { quota: 2 } });
    }
    expect(await chatSessionsOf(user.id)).toBe(2);
    // A question in a session the user has is no new session.
    const [session] = await t.db.select().from(chatSessions).where(eq(chatSessions.userId, user.id)).limit(1);
    const inSession = await t.app.inject({
      method: 'POST',
      url: '/api/chat/stream_chat',
      headers,
      payload: { message: SPECTER_GRAPH, session_id: session?.id },
    });
    expect(inSession.statusCode).toBe(200);
  });

  it('holds the chat session quota when creations arrive at once', async () => {
    const user = await buildUser(t.db);
    const headers = { 'x-user-id': user.token };
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: {} }),
      ),
    );
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await chatSessionsOf(user.id)).toBe(2);
  });

  it('refuses a share link past USER_SHARE_LIST_QUOTA with 409, creating nothing', async () => {
    const user = await buildUser(t.db);
    const paper = await buildPaper(t.db);
    const share = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/share',
        headers: { 'x-user-id': user.token },
        payload: { files: [{ platform: paper.platform, paper_id: paper.paperId }] },
      });
    expect((await share()).statusCode).toBe(201);
    expect((await share()).statusCode).toBe(201);
    const refused = await share();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2 share links, the most allowed');
    const [row] = await t.db.select({ n: count() }).from(sharedLists).where(eq(sharedLists.createdBy, user.id));
    expect(row?.n).toBe(2);
  });

  it('cuts an upload off where it would pass the byte quota (413), storing nothing', async () => {
    const user = await buildUser(t.db);
    expect((await postUpload(t.app, user.token, [pdfPart(pdfOfSize(6000))])).statusCode).toBe(201);
    const before = await libraryState(t);
    const refused = await postUpload(t.app, user.token, [pdfPart(pdfOfSize(5000))]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      error: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('past your quota of 10000 bytes'),
    });
    expect(await libraryState(t)).toEqual(before);
    // What still fits is taken.
    expect((await postUpload(t.app, user.token, [pdfPart(pdfOfSize(4000))])).statusCode).toBe(201);
    // A full quota refuses before reading the file at all.
    const full = await postUpload(t.app, user.token, [pdfPart(pdfOfSize(2000))]);
    expect(full.statusCode).toBe(413);
    // Another user has their own quota.
    expect((await postUpload(t.app, (await buildUser(t.db)).token, [pdfPart(pdfOfSize(6000))])).statusCode).toBe(201);
  });

  it('holds the byte quota when uploads arrive at once', async () => {
    const user = await buildUser(t.db);
    const statuses = await Promise.all(
      Array.from({ length: 3 }, () => postUpload(t.app, user.token, [pdfPart(pdfOfSize(4000))])),
    );
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([201, 201, 413]);
  });
});
