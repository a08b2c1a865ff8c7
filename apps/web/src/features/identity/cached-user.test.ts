// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renewUserId } from '../../api/identity';
import { mockApi } from '../../test/mock-api';
import { clearCachedUser, parseCachedUser, readCachedUser, storeCachedUser, useCachedUser } from './cached-user';

const alice = { email: 'alice@example.test', name: 'Alice', picture: null, user_id: 'aliceUserId_0123456789' };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cached user (requirements §3 User, §8 unparsable cache)', () => {
  it('parses a stored ZUser', () => {
    expect(parseCachedUser(JSON.stringify(alice))).toEqual(alice);
    expect(parseCachedUser(JSON.stringify({ ...alice, picture: 'https://example.test/a.png' }))?.picture).toBe(
      'https://example.test/a.png',
    );
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{not json'],
    ['JSON null', 'null'],
    ['a missing field', JSON.stringify({ email: alice.email, name: alice.name, picture: null })],
    ['an invalid email', JSON.stringify({ ...alice, email: 'not-an-email' })],
    ['a picture that is not a URL', JSON.stringify({ ...alice, picture: 'a.png' })],
    ['a user id not issued by the server', JSON.stringify({ ...alice, user_id: 'short' })],
    ['a NUL in the name', JSON.stringify({ ...alice, name: 'A\u0000lice' })],
  ])('refuses %s', (_case, raw) => {
    expect(parseCachedUser(raw)).toBeNull();
  });

  it('removes an unparsable value and reads as signed out', () => {
    localStorage.setItem('user', '{not json');
    expect(readCachedUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it('removes a value that is JSON but not a user, and leaves the user id alone', () => {
    localStorage.setItem('X-User-ID', alice.user_id);
    localStorage.setItem('user', JSON.stringify({ email: 'x@example.test' }));
    expect(readCachedUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('X-User-ID')).toBe(alice.user_id);
  });

  it('stores and clears, and the hook follows both', () => {
    const { result } = renderHook(() => useCachedUser());
    expect(result.current).toBeNull();
    act(() => storeCachedUser(alice));
    expect(result.current).toEqual(alice);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(alice);
    act(() => clearCachedUser());
    expect(result.current).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('follows another tab signing out (storage event)', () => {
    storeCachedUser(alice);
    const { result } = renderHook(() => useCachedUser());
    expect(result.current).toEqual(alice);
    act(() => {
      localStorage.removeItem('user');
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(result.current).toBeNull();
  });

  it('is cleared when the server no longer knows the stored id (a 401 renews it)', async () => {
    mockApi({ 'POST /api/user/get_id': () => ({ body: { user_id: 'newAnonymousId_0123456' } }) });
    localStorage.setItem('X-User-ID', alice.user_id);
    storeCachedUser(alice);
    const { result } = renderHook(() => useCachedUser());
    await act(() => renewUserId(alice.user_id));
    expect(result.current).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('X-User-ID')).toBe('newAnonymousId_0123456');
  });

  it('returns the same object while the stored text is unchanged', () => {
    storeCachedUser(alice);
    expect(readCachedUser()).toBe(readCachedUser());
  });
});
