import type { TChatSession, TChatSessionSummary, TReviewSession } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions, papers } from '../../db/schema';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { REVIEW_LIMITS } from './review-limits';
import { reviewClient, reviewState } from './review-test-support';

describe.each(testDrivers())('review sessions and target paper (%s)', (driver) => {
  let t: TestApp;
  let client: ReturnType<typeof reviewClient>;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    client = reviewClient(t);
  });
  afterAll(() => t.close());

  it("creates a whole session (201, 'New review'), lists review sessions only, most recent first", async () => {
    const { call, createSession } = client;
    const user = await buildUser(t.db);
    const created = await call(user.token, 'POST', '/api/review/sessions', {});
    expect(created.statusCode).toBe(201);
    const first = created.json() as TReviewSession;
    expect(first).toMatchObject({
      title: 'New review',
      messages: [],
      files: [],
      graph: { session_id: first.id, nodes: [], edges: [], proposals: [], status: 'draft' },
      target_paper: null,
    });
    const second = await createSession(user.token, { title: '  Graph methods  ' });
    expect(second.title).toBe('Graph methods');
    await call(user.token, 'POST', '/api/chat/sessions', { title: 'A chat' });
    const renamed = await call(user.token, 'POST', '/api/review/update_session_title', {
      session_id: first.id,
      title: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: first.id, title: 'Renamed' });
    const listed = (await call(user.token, 'GET', '/api/review/sessions')).json() as TChatSessionSummary[];
    expect(listed.map((s) => s.title)).toEqual(['Renamed', 'Graph methods']);
    const messages = await call(user.token, 'GET', `/api/review/messages?session_id=${first.id}`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json()).toEqual([]);
  });

  it('deletes a session with its files and edges; a second delete is 404', async () => {
    const { call, createSession, addFiles, drawEdge } = client;
    const user = await buildUser(t.db);
    const [a, b] = [await buildPaper(t.db), await buildPaper(t.db)];
    const session = await createSession(user.token);
    expect((await addFiles(user.token, session.id, [a.paperId, b.paperId])).statusCode).toBe(200);
    expect((await drawEdge(user.token, session.id, a.paperId, b.paperId, 'extends')).statusCode).toBe(200);
    const deleted = await call(user.token, 'DELETE', `/api/review/sessions?session_id=${session.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await reviewState(t, session.id)).toEqual({ session: undefined, files: [], edges: [] });
    const again = await call(user.token, 'DELETE', `/api/review/sessions?session_id=${session.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: `Review session ${session.id} not found` });
  });

  it("answers a stranger's session, a missing one and a chat session alike: 404, and nothing changes", async () => {
    const { call, createSession } = client;
    const owner = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    const paper = await buildPaper(t.db);
    const review = await createSession(owner.token, { title: 'Private' });
    const chat = (await call(owner.token, 'POST', '/api/chat/sessions', {})).json() as TChatSession;
    const before = await reviewState(t, review.id);
    const attempts = (token: string, id: number) => [
      call(token, 'GET', `/api/review/messages?session_id=${id}`),
      call(token, 'POST', '/api/review/update_session_title', { session_id: id, title: 'Mine' }),
      call(token, 'GET', `/api/review/graph?session_id=${id}`),
      call(token, 'GET', `/api/review/sessions/${id}/files`),
      call(token, 'POST', `/api/review/sessions/${id}/add_files`, { paper_ids: [paper.paperId] }),
      call(token, 'POST', '/api/review/graph/complete', { session_id: id }),
      call(token, 'POST', '/api/review/target_paper', { session_id: id, paper_id: paper.paperId }),
      call(token, 'GET', `/api/review/target_paper?session_id=${id}`),
      call(token, 'DELETE', `/api/review/target_paper?session_id=${id}`),
      call(token, 'DELETE', `/api/review/sessions?session_id=${id}`),
    ];
    const cases: [string, number][] = [
      [stranger.token, review.id],
      [owner.token, 2_000_000_000],
      [owner.token, chat.id],
    ];
    for (const [token, id] of cases) {
      for (const response of await Promise.all(attempts(token, id))) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: 'NOT_FOUND', message: `Review session ${id} not found` });
      }
    }
    expect(await reviewState(t, review.id)).toEqual(before);
    // And a review session is no chat session either.
    const asChat = await call(owner.token, 'GET', `/api/chat/messages?session_id=${review.id}`);
    expect(asChat.statusCode).toBe(404);
    const chats = (await call(owner.token, 'GET', '/api/chat/sessions')).json() as TChatSessionSummary[];
    expect(chats.map((s) => s.id)).toEqual([chat.id]);
    const [chatRow] = await t.db.select().from(chatSessions).where(eq(chatSessions.id, chat.id));
    expect(chatRow?.kind).toBe('chat');
  });

  it('refuses a blank title or one with a NUL, and leaves the title as it was', async () => {
    const { call, createSession } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token, { title: 'Kept' });
    for (const title of ['   ', 'a\u0000b', 'x'.repeat(201)]) {
      const response = await call(user.token, 'POST', '/api/review/update_session_title', {
        session_id: session.id,
        title,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
    }
    expect((await call(user.token, 'POST', '/api/review/sessions', { title: 'a\u0000b' })).statusCode).toBe(400);
    expect((await reviewState(t, session.id)).session?.title).toBe('Kept');
  });

  it('sets, reads and clears the target paper: any readable paper, node or not', async () => {
    const { call, createSession } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token);
    const mine = await buildUpload(t.db, { ownerId: user.id, title: 'My draft' });
    const url = `/api/review/target_paper?session_id=${session.id}`;
    expect((await call(user.token, 'GET', url)).json()).toEqual({ target_paper: null });
    const set = await call(user.token, 'POST', '/api/review/target_paper', {
      session_id: session.id,
      paper_id: mine.paperId,
      platform: 'upload',
    });
    expect(set.statusCode).toBe(200);
    const target = { session_id: session.id, paper_id: mine.paperId, platform: 'upload' };
    expect(set.json()).toEqual(target);
    // GET names it, since it need not be a node.
    expect((await call(user.token, 'GET', url)).json()).toEqual({
      target_paper: { ...target, title: 'My draft', authors: ['Ada Lovelace'], year: 2019 },
    });
    // Not a node: the graph is untouched.
    expect((await reviewState(t, session.id)).files).toEqual([]);
    // Replaced by the next choice (platform defaults to arxiv).
    const paper = await buildPaper(t.db);
    await call(user.token, 'POST', '/api/review/target_paper', { session_id: session.id, paper_id: paper.paperId });
    expect((await call(user.token, 'GET', url)).json()).toEqual({
      target_paper: {
        session_id: session.id,
        paper_id: paper.paperId,
        platform: 'arxiv',
        title: paper.title,
        authors: paper.authors,
        year: 2019,
      },
    });
    expect((await call(user.token, 'DELETE', url)).json()).toEqual({ ok: true });
    expect((await call(user.token, 'GET', url)).json()).toEqual({ target_paper: null });
  });

  it("refuses someone else's upload or a missing paper as target (404), keeping the target as it was", async () => {
    const { call, createSession } = client;
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const session = await createSession(user.token);
    const theirs = await buildUpload(t.db, { ownerId: other.id });
    const paper = await buildPaper(t.db);
    await call(user.token, 'POST', '/api/review/target_paper', { session_id: session.id, paper_id: paper.paperId });
    const before = await reviewState(t, session.id);
    for (const [paperId, platform] of [
      [theirs.paperId, 'upload'],
      ['9999.99999', 'arxiv'],
    ]) {
      const response = await call(user.token, 'POST', '/api/review/target_paper', {
        session_id: session.id,
        paper_id: paperId,
        platform,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: `Paper ${platform}/${paperId} not found` });
    }
    const nul = await call(user.token, 'POST', '/api/review/target_paper', {
      session_id: session.id,
      paper_id: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect(await reviewState(t, session.id)).toEqual(before);
  });

  it('forgets a target upload that was taken back', async () => {
    const { call, createSession } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token);
    const mine = await buildUpload(t.db, { ownerId: user.id });
    await call(user.token, 'POST', '/api/review/target_paper', {
      session_id: session.id,
      paper_id: mine.paperId,
      platform: 'upload',
    });
    await t.db.delete(papers).where(eq(papers.paperId, mine.paperId));
    const url = `/api/review/target_paper?session_id=${session.id}`;
    expect((await call(user.token, 'GET', url)).json()).toEqual({ target_paper: null });
  });

  it(`holds at most ${REVIEW_LIMITS.sessionsPerUser} review sessions a user: then 409 and no session made`, async () => {
    const { call } = client;
    const user = await buildUser(t.db);
    const paper = await buildPaper(t.db);
    await t.db.insert(chatSessions).values(
      Array.from({ length: REVIEW_LIMITS.sessionsPerUser - 1 }, (_, i) => ({
        userId: user.id,
        title: `Review ${i}`,
        kind: 'review',
        graphStatus: 'draft',
      })),
    );
    // Chat sessions do not count.
    await call(user.token, 'POST', '/api/chat/sessions', {});
    expect((await call(user.token, 'POST', '/api/review/sessions', {})).statusCode).toBe(201);
    const count = async () => ((await call(user.token, 'GET', '/api/review/sessions')).json() as unknown[]).length;
    expect(await count()).toBe(REVIEW_LIMITS.sessionsPerUser);
    const refused = [
      await call(user.token, 'POST', '/api/review/sessions', {}),
      await call(user.token, 'POST', '/api/review/chat_rwg', {
        message: 'What is it about?',
        selected_files: [{ paper_id: paper.paperId }],
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `You have ${REVIEW_LIMITS.sessionsPerUser} review sessions, the most allowed: delete one before starting another`,
      );
    }
    expect(await count()).toBe(REVIEW_LIMITS.sessionsPerUser);
  });

  it('requires an identified user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/review/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/review/sessions', payload: {} })).statusCode).toBe(401);
  });
});
