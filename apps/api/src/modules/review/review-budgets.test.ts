import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaper, buildUser } from '../../test-support/factories';
import { multipartBody } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { reviewClient, reviewState } from './review-test-support';

/** docs/security.md#rate-limits-and-quotas: review writes spend the `write` budget, its upload the `upload` one. */
describe('review rate-limit budgets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      seed: false,
      env: { RATE_LIMIT_WRITE_PER_MINUTE: '3', RATE_LIMIT_UPLOAD_PER_HOUR: '1' },
    });
  });
  afterAll(() => t.close());

  it('answers 429 once the write budget is spent, changing nothing; reads are not counted', async () => {
    const { call, createSession, addFiles, drawEdge } = reviewClient(t);
    const user = await buildUser(t.db);
    const [a, b] = [await buildPaper(t.db), await buildPaper(t.db)];
    const session = await createSession(user.token);
    expect((await addFiles(user.token, session.id, [a.paperId, b.paperId])).statusCode).toBe(200);
    expect((await call(user.token, 'GET', `/api/review/graph?session_id=${session.id}`)).statusCode).toBe(200);
    expect((await drawEdge(user.token, session.id, a.paperId, b.paperId, 'extends')).statusCode).toBe(200);
    const before = await reviewState(t, session.id);
    const refused = await call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await reviewState(t, session.id)).toEqual(before);
  });

  it('counts review uploads against the upload budget', async () => {
    const user = await buildUser(t.db);
    const send = () => {
      const { payload, headers } = multipartBody([{ name: 'session_id', value: '1' }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/review/upload',
        payload,
        headers: { ...headers, 'x-user-id': user.token },
      });
    };
    expect((await send()).statusCode).not.toBe(429);
    const second = await send();
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/uploads/);
  });
});
