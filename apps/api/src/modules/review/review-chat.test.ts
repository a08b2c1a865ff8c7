import type { TChatMessage, TChatSessionSummary, TReviewFile, TStreamEvent } from '@paperbench/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions, papers } from '../../db/schema';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import { buildPaper, buildPassages, buildUpload, buildUser } from '../../test-support/factories';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import type { TestApp } from '../../test-support/test-app';
import { pgliteOnly } from '../../test-support/test-app';
import { parseEventStream, SPECTER_GRAPH, SPECTER_LOSS } from '../chat/chat-test-support';
import { REVIEW_LIMITS } from './review-limits';
import { reviewClient, reviewState } from './review-test-support';

type Event = TStreamEvent | '[DONE]';
const ofType = <T extends TStreamEvent['type']>(events: Event[], type: T) =>
  events.filter(
    (event): event is Extract<TStreamEvent, { type: T }> => typeof event !== 'string' && event.type === type,
  );
const QUESTION = 'How does SPECTER use the citation graph?';

describe.each(pgliteOnly())('POST /api/review/chat_rwg (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let model: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model, offline } = apps);
  });
  afterAll(() => apps.close());

  const ask = (t: TestApp, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/review/chat_rwg', payload, headers: { 'x-user-id': token } });

  async function buildPapers(t: TestApp) {
    const user = await buildUser(t.db);
    const specter = await buildPaper(t.db, { title: 'SPECTER' });
    const other = await buildPaper(t.db, { title: 'Other' });
    await buildPassages(t.db, specter, [
      { text: SPECTER_GRAPH, page: 3 },
      { text: SPECTER_LOSS, page: 4 },
    ]);
    await buildPassages(t.db, other, ['Malaria patients in Ghana waited long at rural clinics.']);
    const selected = [specter, other].map((p) => ({ paper_id: p.paperId, platform: 'arxiv' }));
    return { user, specter, other, selected };
  }

  const reviewSessionCount = async (t: TestApp, userId: number) =>
    (await t.db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.userId, userId)))[0]?.n ?? 0;

  it('offline: makes a review session (first event), attaches the selection, answers extractively and stores it', async () => {
    const { user, specter, other, selected } = await buildPapers(offline);
    const response = await ask(offline, user.token, { message: QUESTION, selected_files: selected });
    expect(response.statusCode).toBe(200);
    const events = parseEventStream(response.body);
    expect(events[0]).toMatchObject({ type: 'session' });
    const sessionId = ofType(events, 'session')[0]?.session_id as number;
    expect(ofType(events, 'passages')[0]?.passages.map((p) => p.text)).toContain(SPECTER_GRAPH);
    const [done] = ofType(events, 'done');
    expect(done).toMatchObject({ source: 'extractive', abstained: false });
    expect(events.at(-1)).toBe('[DONE]');
    const { call } = reviewClient(offline);
    const files = (await call(user.token, 'GET', `/api/review/sessions/${sessionId}/files`)).json() as TReviewFile[];
    expect(files.map((f) => f.paper_id)).toEqual([specter.paperId, other.paperId]);
    const messages = (
      await call(user.token, 'GET', `/api/review/messages?session_id=${sessionId}`)
    ).json() as TChatMessage[];
    expect(messages.map((m) => [m.role, m.source])).toEqual([
      ['user', null],
      ['assistant', 'extractive'],
    ]);
    const reviews = (await call(user.token, 'GET', '/api/review/sessions')).json() as TChatSessionSummary[];
    expect(reviews.map((s) => s.id)).toEqual([sessionId]);
    expect((await call(user.token, 'GET', '/api/chat/sessions')).json()).toEqual([]);
  });

  it('in a given session: no session event, the selection is context only (not attached)', async () => {
    const { user, selected } = await buildPapers(offline);
    const { createSession } = reviewClient(offline);
    const session = await createSession(user.token);
    const response = await ask(offline, user.token, {
      session_id: session.id,
      message: QUESTION,
      selected_files: selected,
    });
    expect(response.statusCode).toBe(200);
    const events = parseEventStream(response.body);
    expect(ofType(events, 'session')).toEqual([]);
    expect(ofType(events, 'done')).toHaveLength(1);
    const state = await reviewState(offline, session.id);
    expect(state.files).toEqual([]);
    // The first question names a session still called 'New review'.
    expect(state.session?.title).toBe(QUESTION);
  });

  it("refuses a stranger's, a missing or a chat session (404); an unreadable paper (404); no selection (400): nothing stored", async () => {
    const { user, selected } = await buildPapers(offline);
    const stranger = await buildUser(offline.db);
    const { call, createSession } = reviewClient(offline);
    const review = await createSession(user.token);
    const chat = (await call(user.token, 'POST', '/api/chat/sessions', {})).json() as { id: number };
    const hidden = await buildUpload(offline.db, { ownerId: stranger.id });
    const sessionsBefore = await reviewSessionCount(offline, user.id);
    const before = await reviewState(offline, review.id);
    for (const [token, id] of [
      [stranger.token, review.id],
      [user.token, chat.id],
      [user.token, 2_000_000_000],
    ] as const) {
      const response = await ask(offline, token, { session_id: id, message: QUESTION, selected_files: selected });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: `Review session ${id} not found` });
    }
    const unreadable = await ask(offline, user.token, {
      message: QUESTION,
      selected_files: [...selected, { paper_id: hidden.paperId, platform: 'upload' }],
    });
    expect(unreadable.statusCode).toBe(404);
    expect(unreadable.json()).toMatchObject({ message: `Paper upload/${hidden.paperId} not found` });
    for (const payload of [
      { message: QUESTION, selected_files: [] },
      { message: QUESTION },
      { message: 'a\u0000b', selected_files: selected },
    ]) {
      const response = await ask(offline, user.token, payload);
      expect(response.statusCode).toBe(400);
    }
    expect(await reviewSessionCount(offline, user.id)).toBe(sessionsBefore);
    expect(await reviewState(offline, review.id)).toEqual(before);
    expect((await call(user.token, 'GET', `/api/chat/messages?session_id=${chat.id}`)).json()).toEqual([]);
  });

  it(`refuses a new session of more than ${REVIEW_LIMITS.filesPerSession} papers (409) before making it`, async () => {
    const user = await buildUser(offline.db);
    const ids = Array.from({ length: REVIEW_LIMITS.filesPerSession + 1 }, (_, i) => `chatcap.${user.id}.${i}`);
    await offline.db.insert(papers).values(ids.map((paperId) => ({ platform: 'arxiv', paperId, title: paperId })));
    const response = await ask(offline, user.token, {
      message: QUESTION,
      selected_files: ids.map((paper_id) => ({ paper_id, platform: 'arxiv' })),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/A review session would hold more than 200 papers/);
    expect(await reviewSessionCount(offline, user.id)).toBe(0);
  });

  it('with a model: the answer is the model’s, checked, and stored as model', async () => {
    const { user, selected } = await buildPapers(model);
    fake.reply({
      text: 'SPECTER pretrains a Transformer on the citation graph [1].\nEVIDENCE:\n[1] "pretraining a Transformer on the citation graph"',
    });
    const response = await ask(model, user.token, { message: QUESTION, selected_files: selected });
    expect(response.statusCode).toBe(200);
    const events = parseEventStream(response.body);
    const [done] = ofType(events, 'done');
    expect(done).toMatchObject({ source: 'model', abstained: false });
    expect(done?.citations.supported).toContain(1);
    const sessionId = ofType(events, 'session')[0]?.session_id as number;
    expect((await reviewState(model, sessionId)).files).toHaveLength(2);
  });
});
