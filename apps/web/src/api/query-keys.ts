import type { TSearchRequest } from '@paperbench/contract';

/** Query keys per domain, so invalidation by prefix (e.g. paperKeys.all) reaches every list. */
export const paperKeys = {
  all: ['papers'] as const,
  recent: (pageSize: number) => [...paperKeys.all, 'recent', { pageSize }] as const,
  count: () => [...paperKeys.all, 'count'] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  results: (
    request: Pick<TSearchRequest, 'query' | 'sort' | 'categories'> & { from: string | null; to: string | null },
  ) => [...searchKeys.all, request] as const,
  categories: () => [...searchKeys.all, 'categories'] as const,
};

export const metricKeys = {
  all: ['metrics'] as const,
  site: () => [...metricKeys.all, 'site'] as const,
};

export const folderKeys = {
  all: ['folders'] as const,
  list: () => [...folderKeys.all, 'list'] as const,
};

export const recommendationKeys = {
  all: ['recommendations'] as const,
  /** `folderId` null: from all of the user's files. `librarySize` refetches once papers are added or removed. */
  list: (folderId: number | null, excludeExisting: boolean, librarySize: number) =>
    [...recommendationKeys.all, { folderId, excludeExisting, librarySize }] as const,
};

export const libraryKeys = {
  userFiles: () => ['chat', 'files'] as const,
  /** docs/security.md#work-queue-and-pdf-limits: where each file's text stands (GET /api/chat/files, whole entries). */
  userFileTexts: () => [...libraryKeys.userFiles(), 'text'] as const,
  paper: (paperId: string, platform: string) => ['paper', platform, paperId] as const,
  share: (shareId: string) => ['share', shareId] as const,
  /** docs/security.md#sessions: the signed, short-lived URL of an uploaded PDF (refetched before it expires). */
  signedPdfUrl: (paperId: string) => ['uploads', paperId, 'pdf-url'] as const,
};

export const topicKeys = {
  all: ['topics'] as const,
  list: () => [...topicKeys.all, 'list'] as const,
};

/** The monitor and the feed depend on the followed topics: a follow or unfollow invalidates them too. */
export const feedKeys = {
  all: ['feed'] as const,
  monitor: () => [...feedKeys.all, 'monitor'] as const,
  daily: (day: string | null) => [...feedKeys.all, 'daily', { day }] as const,
};
