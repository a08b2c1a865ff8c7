// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mockApi, TEST_USER_ID } from '../test/mock-api';
import { apiClient } from './client';

const NEW_ID = 'freshUserId_0123456789';

describe('apiFetcher (requirements §1 identity)', () => {
  it('sends the stored id as X-User-ID', async () => {
    const fetchMock = mockApi({ 'GET /api/papers/count': () => ({ body: 3 }) });
    const response = await apiClient.papers.count();
    expect(response).toMatchObject({ status: 200, body: 3 });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('x-user-id')).toBe(TEST_USER_ID);
  });

  it('asks for an id first when none is stored', async () => {
    const fetchMock = mockApi({
      'POST /api/user/get_id': () => ({ body: { user_id: NEW_ID } }),
      'GET /api/papers/count': () => ({ body: 3 }),
    });
    localStorage.removeItem('X-User-ID');
    await apiClient.papers.count();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/user/get_id', '/api/papers/count']);
    expect(localStorage.getItem('X-User-ID')).toBe(NEW_ID);
  });

  it('drops an unknown id on 401, fetches a new one and retries once', async () => {
    const fetchMock = mockApi({
      'POST /api/user/get_id': () => ({ body: { user_id: NEW_ID } }),
      'GET /api/papers/count': ({ headers }) =>
        headers.get('x-user-id') === NEW_ID
          ? { body: 7 }
          : { status: 401, body: { error: 'UNAUTHORIZED', message: 'unknown user id' } },
    });
    const response = await apiClient.papers.count();
    expect(response).toMatchObject({ status: 200, body: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem('X-User-ID')).toBe(NEW_ID);
  });

  it('gives up after one retry', async () => {
    const fetchMock = mockApi({
      'POST /api/user/get_id': () => ({ body: { user_id: NEW_ID } }),
      'GET /api/papers/count': () => ({ status: 401, body: { error: 'UNAUTHORIZED', message: 'no' } }),
    });
    const response = await apiClient.papers.count();
    expect(response.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
