import { contract } from '@paperbench/contract';
import { initClient, tsRestFetchApi } from '@ts-rest/core';
import { clearStoredUserId, readStoredUserId, storeUserId } from '../lib/user-id-storage';
import { timeoutSignal } from './request-timeout';

// A bare client for the one call that must not itself wait for an id (it is how ids are made).
const identityClient = initClient(contract.identity, {
  baseUrl: '',
  api: (args) =>
    tsRestFetchApi({
      ...args,
      fetchOptions: { ...args.fetchOptions, signal: timeoutSignal(args.fetchOptions?.signal) },
    }),
});

let pendingId: Promise<string | null> | null = null;

/** Asks the server for a new anonymous id and stores it; concurrent callers share one request. */
function fetchNewUserId(): Promise<string | null> {
  pendingId ??= identityClient
    .getId()
    .then((response) => {
      if (response.status !== 200) throw new Error(`get_id answered ${response.status}`);
      storeUserId(response.body.user_id);
      return response.body.user_id;
    })
    .catch((error: unknown) => {
      // requirements §8: failing to get the user id is logged only; requests then go without the header.
      console.error('Could not get a user id', error);
      return null;
    })
    .finally(() => {
      pendingId = null;
    });
  return pendingId;
}

/** requirements §1: the stored id, or a fresh anonymous one when none is stored. */
export function ensureUserId(): Promise<string | null> {
  const stored = readStoredUserId();
  return stored ? Promise.resolve(stored) : (pendingId ?? fetchNewUserId());
}

/**
 * The server does not know `staleId` (it answered 401): drop it and get a new one. When another
 * request has already replaced it, that replacement is used instead of asking again.
 */
export function renewUserId(staleId: string | null): Promise<string | null> {
  const stored = readStoredUserId();
  if (stored && stored !== staleId) return Promise.resolve(stored);
  clearStoredUserId();
  for (const listener of revokedListeners) listener();
  return fetchNewUserId();
}

const revokedListeners = new Set<() => void>();

/**
 * Calls `listener` when the stored id is dropped because the server no longer knows it (logged out or
 * deleted elsewhere): whatever belonged to that session, such as the cached signed-in user, goes too.
 */
export function onUserIdRevoked(listener: () => void): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}
