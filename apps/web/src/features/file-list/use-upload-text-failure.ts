import type { TFolderFile } from '@paperbench/contract';
import { useUserFilesQuery } from '../library/api';

/**
 * docs/security.md#work-queue-and-pdf-limits: why an upload's text could not be read (a PDF over a limit, or unreadable), or
 * undefined. Only upload rows ask, all through one shared query of GET /api/chat/files, polled
 * while any upload is still pending so a failure shows without a reload.
 */
export function useUploadTextFailure(file: Pick<TFolderFile, 'platform' | 'paper_id'>): string | undefined {
  const isUpload = file.platform === 'upload';
  const { data } = useUserFilesQuery({
    enabled: isUpload,
    pollWhile: (files) => files.some((entry) => entry.embedding_status === 'pending'),
  });
  if (!isUpload) return undefined;
  const entry = data?.find((candidate) => candidate.platform === file.platform && candidate.paper_id === file.paper_id);
  return entry?.embedding_status === 'failed' ? (entry.embedding_error ?? 'unknown reason') : undefined;
}
