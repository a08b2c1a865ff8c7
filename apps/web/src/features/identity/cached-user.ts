import { STORAGE_KEYS, type TUser, ZUser } from '@paperbench/contract';
import { useSyncExternalStore } from 'react';
import { onUserIdRevoked } from '../../api/identity';

/**
 * requirements §3 User (cached locally): the signed-in person, as JSON of ZUser under local storage 'user'.
 * requirements §8: a value that cannot be parsed (or is not a user) is removed and the visitor is signed out.
 * Storage may be disabled; then nobody is cached and the browser counts as signed out.
 */

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same object for the same stored text.
let lastRaw: string | null = null;
let lastUser: TUser | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Parses a stored value: a ZUser, or null for anything else (absent, not JSON, not a user). */
export function parseCachedUser(raw: string | null): TUser | null {
  if (raw === null) return null;
  try {
    const parsed = ZUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The cached user, or null when signed out; an unparsable or invalid value is removed (requirements §8). */
export function readCachedUser(): TUser | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
  if (raw === lastRaw) return lastUser;
  const user = parseCachedUser(raw);
  if (raw !== null && user === null) {
    console.error('The cached user could not be read; it is removed and the browser is signed out.');
    try {
      localStorage.removeItem(STORAGE_KEYS.user);
    } catch {
      // Nothing more to do: it is read as signed out either way.
    }
    raw = null;
  }
  lastRaw = raw;
  lastUser = user;
  return user;
}

/** requirements §4 sign-in: the user is stored locally (its user_id is stored as X-User-ID by the caller). */
export function storeCachedUser(user: TUser): void {
  try {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // Without storage the sign-in lasts as long as the server session; the page shows signed out.
  }
  notify();
}

/** requirements §4 logout: clears the cached user. */
export function clearCachedUser(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the same storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cached user, re-rendering when it is stored or cleared (here or in another tab). */
export function useCachedUser(): TUser | null {
  return useSyncExternalStore(subscribe, readCachedUser, () => null);
}

// The server answered 401 for the stored id: that session, and so the signed-in user it named, is gone.
onUserIdRevoked(clearCachedUser);
