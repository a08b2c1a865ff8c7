import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TChatMessage, TStreamEvent } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import { buildUpload, buildUser } from '../../test-support/factories';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import { createTestApp, pgliteOnly, type TestApp } from '../../test-support/test-app';
import {
  buildChatFixture,
  deltasOf,
  GHANA_SURVEY,
  parseEventStream,
  SPECTER_GRAPH,
  SPECTER_LOSS,
} from './chat-test-support';

const ABSTENTION = 'I cannot find this in the selected papers.';
const SPECTER_QUESTION = 'How does SPECTER use the citation graph?';
const OFF_TOPIC_QUESTION = 'What is the boiling point of mercury?';

/** The answer the fake model gives: one supported claim, a fabricated [7], and a quote not in passage [2]. */
const MIXED_ANSWER = [
  'SPECTER pretrains a Transformer on the citation graph [1]. It reaches 95.5 on SciDocs [7]. The triplet loss uses hard negatives from the citation graph [2].',
  'EVIDENCE:',
  '[1] "pretraining a Transformer on the citation graph"',
  '[2] "negatives are sampled at random"',
  '[7] "95.5 on SciDocs"',
].join('\n');

type Event = TStreamEvent | '[DONE]';
const ofType = <T extends TStreamEvent['type']>(events: Event[], type: T) =>
  events.filter(
    (event): event is Extract<TStreamEvent, { type: T }> => typeof event !== 'string' && event.type === type,
  );
const typesOf = (events: Event[]) =>
  events
    .map((event) => (typeof event === 'string' ? event : event.type))
    .filter((type, index, all) => type !== 'delta' || all[index - 1] !== 'delta');

describe.each(pgliteOnly())('POST /api/chat/stream_chat (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let t: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model: t, offline } = apps);
  });
  afterAll(() => apps.close());

  const ask = (app: TestApp, token: string, payload: object) =>
    app.app.inject({ method: 'POST', url: '/api/chat/stream_chat', payload, headers: { 'x-user-id': token } });
  const messagesOf = async (app: TestApp, token: string, sessionId: number) =>
    (
      await app.app.inject({ url: `/api/chat/messages?session_id=${sessionId}`, headers: { 'x-user-id': token } })
    ).json() as TChatMessage[];
  const sessionOf = (events: Event[]) => ofType(events, 'session')[0]?.session_id as number;

  describe('with a model', () => {
    it('streams session, sources, numbered passages, deltas without the evidence block, done; then checks and stores', async () => {
      const { user, specter } = await buildChatFixture(t.db);
      const before = fake.chatRequests().length;
      fake.reply({ text: MIXED_ANSWER });
      const response = await ask(t, user.token, { message: SPECTER_QUESTION });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      const events = parseEventStream(response.body);
      expect(typesOf(events)).toEqual(['session', 'sources', 'passages', 'delta', 'done', '[DONE]']);
      expect(ofType(events, 'sources')[0]?.papers).toEqual([{ paper_id: specter.paperId, platform: 'arxiv' }]);
      const [passages] = ofType(events, 'passages');
      expect(passages?.passages).toEqual([
        { n: 1, paper_id: specter.paperId, platform: 'arxiv', page: 3, text: SPECTER_GRAPH },
        { n: 2, paper_id: specter.paperId, platform: 'arxiv', page: 4, text: SPECTER_LOSS },
      ]);
      // The model was given the passages under the numbers the client sees.
      const [request] = fake.chatRequests().slice(before);
      const system = request?.body.messages[0].content as string;
      expect(system).toContain(`[1] (arxiv ${specter.paperId}, page 3)\n${SPECTER_GRAPH}`);
      expect(system).toContain(`[2] (arxiv ${specter.paperId}, page 4)\n${SPECTER_LOSS}`);
      expect(request?.body.messages.at(-1)).toEqual({ role: 'user', content: SPECTER_QUESTION });

      const shown = deltasOf(events);
      expect(shown).toBe(MIXED_ANSWER.split('\nEVIDENCE:')[0]);
      expect(shown).not.toMatch(/EVIDENCE|sampled at random/);
      const [done] = ofType(events, 'done');
      expect(done).toMatchObject({
        source: 'model',
        abstained: false,
        citations: { supported: [1], unsupported: [2, 7] },
      });

      const stored = await messagesOf(t, user.token, sessionOf(events));
      expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
      const answer = stored[1] as TChatMessage;
      expect(answer).toMatchObject({
        id: done?.message_id,
        content: shown,
        source: 'model',
        abstained: false,
        passages: passages?.passages,
        citations: { supported: [1], unsupported: [2, 7] },
      });
      const marked = (answer.unsupported_spans ?? []).map(({ start, end }) => shown.slice(start, end));
      expect(marked).toEqual([
        'It reaches 95.5 on SciDocs [7].',
        'The triplet loss uses hard negatives from the citation graph [2].',
      ]);
    });

    it('abstains without asking the model when no passage covers the question', async () => {
      const { user } = await buildChatFixture(t.db);
      const before = fake.chatRequests().length;
      const events = parseEventStream((await ask(t, user.token, { message: OFF_TOPIC_QUESTION })).body);
      expect(fake.chatRequests()).toHaveLength(before);
      expect(deltasOf(events)).toBe(ABSTENTION);
      expect(ofType(events, 'done')[0]).toMatchObject({
        abstained: true,
        citations: { supported: [], unsupported: [] },
      });
      const stored = await messagesOf(t, user.token, sessionOf(events));
      expect(stored[1]).toMatchObject({ content: ABSTENTION, abstained: true });
    });

    it('turns an answer with no supported sentence into the abstention', async () => {
      const { user } = await buildChatFixture(t.db);
      fake.reply({ text: 'SPECTER was trained on 42 GPUs [1].\nEVIDENCE:\n[1] "trained on 42 GPUs"' });
      const events = parseEventStream((await ask(t, user.token, { message: SPECTER_QUESTION })).body);
      expect(ofType(events, 'done')[0]).toMatchObject({
        abstained: true,
        citations: { supported: [], unsupported: [1] },
      });
      const stored = await messagesOf(t, user.token, sessionOf(events));
      expect(stored[1]).toMatchObject({ content: ABSTENTION, abstained: true });
    });

    it('rewrites a follow-up question from the conversation, and titles a session by its first question', async () => {
      const { user } = await buildChatFixture(t.db);
      fake.reply({
        text: `SPECTER pretrains a Transformer on the citation graph [1].\nEVIDENCE:\n[1] "${SPECTER_GRAPH.slice(0, 60)}"`,
      });
      const first = parseEventStream((await ask(t, user.token, { message: SPECTER_QUESTION })).body);
      const sessionId = sessionOf(first);
      const before = fake.chatRequests().length;
      fake.reply({ text: JSON.stringify({ query: 'SPECTER citation-informed triplet loss hard negatives' }) });
      fake.reply({ text: `It uses hard negatives [1].\nEVIDENCE:\n[1] "uses hard negatives"` });
      const second = parseEventStream(
        (await ask(t, user.token, { session_id: sessionId, message: 'And what loss does it use?' })).body,
      );
      expect(ofType(second, 'session')).toEqual([]);
      const [rewrite, answer] = fake.chatRequests().slice(before);
      expect(JSON.stringify(rewrite?.body.messages)).toContain('How does SPECTER use the citation graph?');
      expect(ofType(second, 'passages')[0]?.passages[0]?.text).toBe(SPECTER_LOSS);
      expect(answer?.body.messages.map((message: { role: string }) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'user',
      ]);
      expect(ofType(second, 'done')[0]).toMatchObject({
        abstained: false,
        citations: { supported: [1], unsupported: [] },
      });
      expect(await messagesOf(t, user.token, sessionId)).toHaveLength(4);
      const sessions = (await t.app.inject({ url: '/api/chat/sessions', headers: { 'x-user-id': user.token } })).json();
      expect(sessions).toMatchObject([{ id: sessionId, title: SPECTER_QUESTION }]);
    });

    it('ends with an error event and stores nothing when the model fails mid-stream', async () => {
      const { user } = await buildChatFixture(t.db);
      fake.reply({ text: 'SPECTER pretrains a Transformer', ending: 'fail' });
      const events = parseEventStream((await ask(t, user.token, { message: SPECTER_QUESTION })).body);
      expect(typesOf(events).slice(-2)).toEqual(['error', '[DONE]']);
      expect(ofType(events, 'done')).toEqual([]);
      expect(ofType(events, 'error')[0]).toMatchObject({ error: 'BAD_GATEWAY' });
      expect(await messagesOf(t, user.token, sessionOf(events))).toEqual([]);
    });

    it('stops the upstream model request when the client disconnects, stores nothing and keeps no session made for it', async () => {
      const { user } = await buildChatFixture(t.db);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      fake.reply({ chunks: ['SPECTER ', 'pretrains '], ending: 'hang' });
      const before = fake.chatRequests().length;
      const request = httpRequest({
        port: (t.app.server.address() as AddressInfo).port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/chat/stream_chat',
        headers: { 'content-type': 'application/json', 'x-user-id': user.token },
      });
      request.end(JSON.stringify({ message: SPECTER_QUESTION }));
      const [response] = (await once(request, 'response')) as [IncomingMessage];
      let received = '';
      for await (const chunk of response) {
        received += String(chunk);
        if (received.includes('"type":"delta"')) break;
      }
      // The client leaves while the model is still answering.
      request.destroy();
      const upstream = fake.chatRequests()[before];
      await upstream?.closed;
      expect(upstream?.clientLeft).toBe(true);
      const sessionId = sessionOf(parseEventStream(received.slice(0, received.indexOf('\n\n') + 2)));
      expect(sessionId).toBeGreaterThan(0);
      // The session made for the question is gone with it: no empty "New chat" is left in the list.
      await vi.waitFor(async () => {
        const sessions = await t.app.inject({ url: '/api/chat/sessions', headers: { 'x-user-id': user.token } });
        expect(sessions.json()).toEqual([]);
      });
      const messages = await t.app.inject({
        url: `/api/chat/messages?session_id=${sessionId}`,
        headers: { 'x-user-id': user.token },
      });
      expect(messages.statusCode).toBe(404);
    });
  });

  describe('offline (extractive) mode', () => {
    it('answers with verbatim sentences of the passages, each cited, labelled extractive', async () => {
      const { user } = await buildChatFixture(offline.db);
      const events = parseEventStream(
        (await ask(offline, user.token, { message: 'How long did patients in Ghana wait at outpatient clinics?' }))
          .body,
      );
      expect(typesOf(events)).toEqual(['session', 'sources', 'passages', 'delta', 'done', '[DONE]']);
      const passages = new Map(ofType(events, 'passages')[0]?.passages.map((passage) => [passage.n, passage.text]));
      expect([...passages.values()]).toContain(GHANA_SURVEY);
      const sentences = ofType(events, 'delta').map((event) => event.content.trim());
      expect(sentences.length).toBeGreaterThan(0);
      for (const sentence of sentences) {
        const [, text, n] = /^(.*) \[(\d+)\]$/s.exec(sentence) ?? [];
        expect(passages.get(Number(n))).toContain(text);
      }
      const [done] = ofType(events, 'done');
      expect(done).toMatchObject({ source: 'extractive', abstained: false });
      expect(done?.citations.unsupported).toEqual([]);
      const stored = await messagesOf(offline, user.token, sessionOf(events));
      expect(stored[1]).toMatchObject({ source: 'extractive', content: deltasOf(events) });
    });

    it('abstains naming the specific terms the selected papers never mention, and stores that sentence', async () => {
      const { user } = await buildChatFixture(offline.db);
      const events = parseEventStream(
        (await ask(offline, user.token, { message: 'How does SPECTER score on the BEIR benchmark?' })).body,
      );
      expect(deltasOf(events)).toBe('The selected papers do not mention BEIR.');
      expect(ofType(events, 'done')[0]).toMatchObject({ source: 'extractive', abstained: true });
      const stored = await messagesOf(offline, user.token, sessionOf(events));
      expect(stored[1]).toMatchObject({ content: 'The selected papers do not mention BEIR.', abstained: true });
    });

    it('answers a "how many" question with the sentence that states the number, and no padding', async () => {
      const { user } = await buildChatFixture(offline.db);
      const events = parseEventStream(
        (await ask(offline, user.token, { message: 'How many patients did the survey in Ghana cover?' })).body,
      );
      const sentences = ofType(events, 'delta').map((event) => event.content.trim());
      expect(sentences[0]).toMatch(/^The survey covered 3,200 patients in Ghana\. \[\d+\]$/);
      expect(sentences.length).toBeLessThanOrEqual(3);
    });

    it('abstains offline too when nothing covers the question', async () => {
      const { user } = await buildChatFixture(offline.db);
      const events = parseEventStream((await ask(offline, user.token, { message: OFF_TOPIC_QUESTION })).body);
      expect(deltasOf(events)).toBe(ABSTENTION);
      expect(ofType(events, 'done')[0]).toMatchObject({ source: 'extractive', abstained: true });
    });
  });

  describe('who may ask about what', () => {
    it("refuses a chat over someone else's upload, or in someone else's session, as not found", async () => {
      const owner = await buildUser(t.db);
      const stranger = await buildChatFixture(t.db);
      const upload = await buildUpload(t.db, { ownerId: owner.id });
      const overUpload = await ask(t, stranger.user.token, {
        message: SPECTER_QUESTION,
        selected_files: [{ platform: 'upload', paper_id: upload.paperId }],
      });
      expect(overUpload.statusCode).toBe(404);
      const session = (
        await t.app.inject({
          method: 'POST',
          url: '/api/chat/sessions',
          payload: {},
          headers: { 'x-user-id': owner.token },
        })
      ).json() as { id: number };
      const inSession = await ask(t, stranger.user.token, { session_id: session.id, message: SPECTER_QUESTION });
      expect(inSession.statusCode).toBe(404);
      expect(inSession.json()).toMatchObject({ error: 'NOT_FOUND' });
    });

    it('asks for a selection when no paper is selected, and an identified user', async () => {
      const user = await buildUser(t.db);
      expect((await ask(t, user.token, { message: SPECTER_QUESTION })).statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/chat/stream_chat',
        payload: { message: 'Hi' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});

describe.each(pgliteOnly())('the AI budget of stream_chat (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { RATE_LIMIT_AI_PER_MINUTE: '1' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once the budget is spent', async () => {
    const { user } = await buildChatFixture(t.db);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/stream_chat',
        payload: { message: SPECTER_QUESTION },
        headers: { 'x-user-id': user.token },
      });
    expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', details: { budget: 'ai' } });
  });
});
