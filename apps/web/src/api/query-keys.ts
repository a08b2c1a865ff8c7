import type { TSearchRequest } from '@paperbench/contract';

/** Query keys per domain, so invalidation by prefix (e.g. paperKeys.all) reaches every list. */
export const paperKeys = {
  all: ['papers'] as const,
  recent: (pageSize: number) => [...paperKeys.all, 'recent', { pageSize }] as const,
  count: () => [...paperKeys.all, 'count'] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  results: (request: Pick<TSearchRequest, 'query' | 'sort'>) => [...searchKeys.all, request] as const,
};

export const metricKeys = {
  all: ['metrics'] as const,
  site: () => [...metricKeys.all, 'site'] as const,
};

export const folderKeys = {
  all: ['folders'] as const,
  list: () => [...folderKeys.all, 'list'] as const,
};

export const libraryKeys = {
  userFiles: () => ['chat', 'files'] as const,
  paper: (paperId: string, platform: string) => ['paper', platform, paperId] as const,
  share: (shareId: string) => ['share', shareId] as const,
};
