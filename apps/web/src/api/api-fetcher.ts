import { USER_ID_HEADER } from '@paperbench/contract';
import { type ApiFetcher, type ApiFetcherArgs, tsRestFetchApi } from '@ts-rest/core';
import { ensureUserId, renewUserId } from './identity';
import { timeoutSignal } from './request-timeout';

function send(args: ApiFetcherArgs, userId: string | null) {
  const headers = { ...args.headers };
  // requirements §1: the header is sent on every request when an id is present.
  if (userId) headers[USER_ID_HEADER.toLowerCase()] = userId;
  const signal = timeoutSignal(args.fetchOptions?.signal);
  return tsRestFetchApi({ ...args, headers, fetchOptions: { ...args.fetchOptions, signal } });
}

/**
 * Sends with the user's id. A 401 means the server does not know the id: drop it, get a new one and
 * retry once.
 */
async function withUserId<TResponse extends { status: number }>(
  sendAs: (userId: string | null) => Promise<TResponse>,
): Promise<TResponse> {
  const userId = await ensureUserId();
  const response = await sendAs(userId);
  if (response.status !== 401) return response;
  const renewedId = await renewUserId(userId);
  return renewedId ? sendAs(renewedId) : response;
}

/** The fetcher behind every typed call: adds X-User-ID and the requirements §7 timeout. */
export const apiFetcher: ApiFetcher = (args) => withUserId((userId) => send(args, userId));

/**
 * A plain fetch with the same X-User-ID and requirements §7 timeout as every typed call, for answers ts-rest
 * cannot read: a streamed chat answer (Server-Sent Events over POST; EventSource cannot send the header).
 */
export function authorizedFetch(path: string, init: RequestInit): Promise<Response> {
  return withUserId((userId) => {
    const headers = new Headers(init.headers);
    if (userId) headers.set(USER_ID_HEADER, userId);
    return fetch(path, { ...init, headers, signal: timeoutSignal(init.signal) });
  });
}
