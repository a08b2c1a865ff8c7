import { contract } from '@paperbench/contract';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { apiFetcher } from './api-fetcher';

/** The one typed API client (ts-rest + TanStack Query), generated from the shared contract. */
export const tsr = initTsrReactQuery(contract, {
  baseUrl: '',
  baseHeaders: { accept: 'application/json' },
  api: apiFetcher,
});
