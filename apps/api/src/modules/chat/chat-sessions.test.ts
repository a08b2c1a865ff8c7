import type { TChatMessage, TChatSession, TChatSessionSummary } from '@paperbench/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('chat sessions: list, create, rename, messages, delete (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const create = async (token: string, payload: object = {}) =>
    (await call(token, 'POST', '/api/chat/sessions', payload)).json() as TChatSession;

  it("creates a session named 'New chat' unless a title is given, and lists the most recently updated first", async () => {
    const user = await buildUser(t.db);
    const created = await call(user.token, 'POST', '/api/chat/sessions', {});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'New chat', messages: [] });
    const named = await create(user.token, { title: '  Transformers  ' });
    expect(named.title).toBe('Transformers');
    const first = created.json() as TChatSession;
    const renamed = await call(user.token, 'POST', '/api/chat/update_session_title', {
      session_id: first.id,
      title: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: first.id, title: 'Renamed' });
    const listed = (await call(user.token, 'GET', '/api/chat/sessions')).json() as TChatSessionSummary[];
    expect(listed.map((session) => session.title)).toEqual(['Renamed', 'Transformers']);
  });

  it('answers an empty message list for a new session, and deletes a session with its messages', async () => {
    const user = await buildUser(t.db);
    const session = await create(user.token);
    const messages = await call(user.token, 'GET', `/api/chat/messages?session_id=${session.id}`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json() as TChatMessage[]).toEqual([]);
    expect((await call(user.token, 'DELETE', `/api/chat/sessions?session_id=${session.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await call(user.token, 'GET', '/api/chat/sessions')).json()).toEqual([]);
    expect((await call(user.token, 'DELETE', `/api/chat/sessions?session_id=${session.id}`)).statusCode).toBe(404);
  });

  it("treats someone else's session as not found: no list, read, rename or delete", async () => {
    const owner = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    const session = await create(owner.token, { title: 'Private' });
    expect((await call(stranger.token, 'GET', '/api/chat/sessions')).json()).toEqual([]);
    const attempts = [
      call(stranger.token, 'GET', `/api/chat/messages?session_id=${session.id}`),
      call(stranger.token, 'POST', '/api/chat/update_session_title', { session_id: session.id, title: 'Mine' }),
      call(stranger.token, 'DELETE', `/api/chat/sessions?session_id=${session.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND', message: `Chat session ${session.id} not found` });
    }
    const listed = (await call(owner.token, 'GET', '/api/chat/sessions')).json() as TChatSessionSummary[];
    expect(listed.map((s) => s.title)).toEqual(['Private']);
  });

  it('requires an identified user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/sessions' })).statusCode).toBe(401);
  });
});
