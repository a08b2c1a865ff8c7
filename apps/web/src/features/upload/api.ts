import type { TPaperRef, TPdfMetadata, TUploadBody } from '@paperbench/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { multipartForm } from '../../api/multipart-form';
import { invalidateLibrary } from '../library/api';

/** The uploads domain: uploading a PDF as a paper, its signed PDF URL, deleting it (docs/security.md). */
export const uploadKeys = {
  all: ['uploads'] as const,
  /** docs/security.md#sessions: the signed, short-lived URL of an uploaded PDF (refetched before it expires). */
  signedPdfUrl: (paperId: string) => [...uploadKeys.all, paperId, 'pdf-url'] as const,
};

/** Ask for a new signed URL this long before the current one expires. */
const RENEW_MARGIN_MS = 60_000;

function renewIn(expiresAt: string | undefined): number {
  if (!expiresAt) return 0;
  return Math.max(Date.parse(expiresAt) - Date.now() - RENEW_MARGIN_MS, 1_000);
}

export type TUploadedPaper = {
  paper: TPaperRef;
  /** The server answered 200: the caller had uploaded these bytes before, and this is that paper (docs/security.md#uploads-of-the-same-bytes). */
  isExisting: boolean;
};

/** Uploads a PDF as a new paper (platform upload), or finds the caller's earlier upload of the same bytes. */
export function useUploadPaperMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUploadBody): Promise<TUploadedPaper> => {
      const response = expectStatus(await apiClient.folders.upload({ body: multipartForm(body) }), 200, 201);
      const { paper_id, platform } = response.body;
      return { paper: { paper_id, platform }, isExisting: response.status === 200 };
    },
    // Not awaited: the dialog closes (and the picker opens) at once; the library reads afresh behind it.
    onSuccess: () => void invalidateLibrary(queryClient),
  });
}

/**
 * POST /api/upload/metadata: what the chosen PDF says about itself (docs/uploads.md#metadata-from-the-pdf),
 * read on the server and not stored; the upload dialog pre-fills its fields from it.
 */
export function usePdfMetadataMutation() {
  return useMutation({
    mutationFn: async (file: File): Promise<TPdfMetadata> =>
      expectStatus(await apiClient.uploads.metadata({ body: multipartForm({ file }) }), 200).body,
  });
}

/** GET /api/uploads/{id}/pdf-url, renewed before it expires; `paperId` null asks nothing. */
export function useSignedPdfUrlQuery(paperId: string | null) {
  return useQuery({
    queryKey: uploadKeys.signedPdfUrl(paperId ?? ''),
    queryFn: async () =>
      expectStatus(await apiClient.uploads.pdfUrl({ params: { paperId: pathSegment(paperId ?? '') } }), 200).body,
    enabled: paperId !== null,
    staleTime: (query) => renewIn(query.state.data?.expires_at),
    refetchInterval: (query) => renewIn(query.state.data?.expires_at) || false,
  });
}

/** docs/security.md#taking-things-back: the uploader deletes an upload (its paper leaves every folder). */
export function useDeleteUploadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paperId: string) =>
      expectStatus(await apiClient.uploads.remove({ params: { paperId: pathSegment(paperId) } }), 204).body,
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
