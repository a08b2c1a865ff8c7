import { USER_ID_HEADER } from '@paperbench/contract';
import { type ApiFetcher, type ApiFetcherArgs, tsRestFetchApi } from '@ts-rest/core';
import { ensureUserId, renewUserId } from './identity';
import { timeoutSignal } from './request-timeout';

function send(args: ApiFetcherArgs, userId: string | null) {
  const headers = { ...args.headers };
  // spec §1: the header is sent on every request when an id is present.
  if (userId) headers[USER_ID_HEADER.toLowerCase()] = userId;
  const signal = timeoutSignal(args.fetchOptions?.signal);
  return tsRestFetchApi({ ...args, headers, fetchOptions: { ...args.fetchOptions, signal } });
}

/**
 * The fetcher behind every typed call: adds X-User-ID and the spec §7 timeout. A 401 means the
 * server does not know the id: drop it, get a new one and retry once.
 */
export const apiFetcher: ApiFetcher = async (args) => {
  const userId = await ensureUserId();
  const response = await send(args, userId);
  if (response.status !== 401) return response;
  const renewedId = await renewUserId(userId);
  return renewedId ? send(args, renewedId) : response;
};
