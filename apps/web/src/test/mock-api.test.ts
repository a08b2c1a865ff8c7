// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { apiClient } from '../api/client';
import { mockApi } from './mock-api';

/**
 * docs/testing.md: mocks are typed against the contract. The `@ts-expect-error` lines are the test:
 * `pnpm typecheck` fails if any of them stops being an error, i.e. if a drifted mock compiles again.
 */
describe('mockApi typed against the contract', () => {
  it('refuses (at typecheck) a body, a status or a route the contract does not have', async () => {
    mockApi({
      // @ts-expect-error the count is a number, not a string
      'GET /api/papers/count': () => ({ body: '3' }),
    });
    mockApi({
      // @ts-expect-error the site metric has `total` and `last5`, not `views`
      'GET /api/metrics/site-metric': () => ({ body: { views: 3 } }),
    });
    mockApi({
      // @ts-expect-error deleting an upload answers 204, never 200
      'DELETE /api/uploads/up_1': () => ({ status: 200 }),
    });
    mockApi({
      // @ts-expect-error there is no such route
      'GET /api/paper/count': () => ({ body: 3 }),
    });
    mockApi({
      // @ts-expect-error an error answer must carry the error shape {error, message}
      'GET /api/papers/count': () => ({ status: 401, body: { reason: 'no' } }),
    });
    // At run time a drifted mock still answers as written: the type check above is the only guard.
    expect(await apiClient.papers.count()).toMatchObject({ status: 401, body: { reason: 'no' } });
  });

  it('passes typed answers through, including a 204 without a body', async () => {
    mockApi({
      'GET /api/papers/count': () => ({ body: 3 }),
      'GET /api/metrics/site-metric': () => ({ body: { total: 5, last5: [1, 1, 1, 1, 1] } }),
      'POST /api/chat/update_file_selection': ({ body }) => ({ body: { platform: 'arxiv', ...body } }),
    });
    expect(await apiClient.papers.count()).toMatchObject({ status: 200, body: 3 });
    const selection = await apiClient.files.updateFileSelection({ body: { paper_id: 'x', selected: true } });
    expect(selection).toMatchObject({ status: 200, body: { paper_id: 'x', selected: true, platform: 'arxiv' } });
    const fetchMock = mockApi({ 'DELETE /api/uploads/up_1': () => ({ status: 204 }) });
    const response = await fetchMock('/api/uploads/up_1', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
