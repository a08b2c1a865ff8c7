import type { TFolderFile } from '@paperbench/contract';
import { useQuery } from '@tanstack/react-query';
import { listChatFiles } from '../../api/library-api';
import { libraryKeys } from '../../api/query-keys';

/** How often the File List asks again while some upload's text is still being read. */
const PENDING_POLL_MS = 3000;

/**
 * docs/security.md#work-queue-and-pdf-limits: why an upload's text could not be read (a PDF over a limit, or unreadable), or
 * undefined. Only upload rows ask, all through one shared query of GET /api/chat/files, polled
 * while any upload is still pending so a failure shows without a reload.
 */
export function useUploadTextFailure(file: Pick<TFolderFile, 'platform' | 'paper_id'>): string | undefined {
  const isUpload = file.platform === 'upload';
  const { data } = useQuery({
    queryKey: libraryKeys.userFileTexts(),
    queryFn: listChatFiles,
    enabled: isUpload,
    // Stale at once: a row that mounts after an upload asks afresh, so its 'pending' starts the polling.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.embedding_status === 'pending') ? PENDING_POLL_MS : false,
  });
  if (!isUpload) return undefined;
  const entry = data?.find((candidate) => candidate.platform === file.platform && candidate.paper_id === file.paper_id);
  return entry?.embedding_status === 'failed' ? (entry.embedding_error ?? 'unknown reason') : undefined;
}
