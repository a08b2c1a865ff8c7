import type { TFolderFile } from '@paperbench/contract';
import { useUserFilesQuery } from '../library/api';

/** Where a file's full text stands, as its File List row shows it; null when there is nothing to say. */
export type TFileTextStatus =
  | { kind: 'reading' }
  | { kind: 'abstract-only'; reason: string | undefined }
  | { kind: 'failed'; reason: string };

/**
 * docs/ai.md#full-text-and-passages: whether a file's text is being read, could only be the abstract
 * (its PDF could not be fetched), or could not be read at all (docs/security.md#work-queue-and-pdf-limits:
 * a PDF over a limit, or unreadable). All rows share one query of GET /api/chat/files, polled while any
 * text is pending, so the row changes without a reload.
 */
export function useFileTextStatus(file: Pick<TFolderFile, 'platform' | 'paper_id'>): TFileTextStatus | null {
  const { data } = useUserFilesQuery({
    pollWhile: (files) => files.some((entry) => entry.embedding_status === 'pending'),
  });
  const entry = data?.find((candidate) => candidate.platform === file.platform && candidate.paper_id === file.paper_id);
  switch (entry?.embedding_status) {
    case 'pending':
      return { kind: 'reading' };
    case 'abstract-only':
      return { kind: 'abstract-only', reason: entry.embedding_error };
    case 'failed':
      return { kind: 'failed', reason: entry.embedding_error ?? 'unknown reason' };
    default:
      return null;
  }
}
