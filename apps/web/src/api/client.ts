import { contract } from '@paperbench/contract';
import { initClient } from '@ts-rest/core';
import { apiFetcher } from './api-fetcher';

/**
 * The one typed API client, generated from the shared contract. Components never call it: each
 * domain's `features/<domain>/api.ts` wraps it in query-key factories and useXxxQuery / useXxxMutation
 * hooks (docs/architecture.md#web-data-layer).
 */
export const apiClient = initClient(contract, {
  baseUrl: '',
  baseHeaders: { accept: 'application/json' },
  api: apiFetcher,
});
