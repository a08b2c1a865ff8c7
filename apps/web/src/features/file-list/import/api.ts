import type { TImportReport, TZoteroImportRequest } from '@paperbench/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { expectStatus, pathSegment } from '../../../api/expect-status';
import { multipartForm } from '../../../api/multipart-form';
import { invalidateLibrary } from '../../library/api';

/** docs/import-export.md: POST /api/folders/{id}/import, a BibTeX, RIS or CSL-JSON file; the folder reads afresh. */
export function useImportFileMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<TImportReport> =>
      expectStatus(
        await apiClient.folders.import({
          params: { id: pathSegment(folderId) },
          body: multipartForm({ file }) as unknown as { file: Blob },
        }),
        200,
      ).body,
    onSuccess: () => void invalidateLibrary(queryClient),
  });
}

/** docs/import-export.md#zotero: POST /api/folders/{id}/import/zotero; the key travels once and is not kept. */
export function useImportZoteroMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TZoteroImportRequest): Promise<TImportReport> =>
      expectStatus(await apiClient.folders.importZotero({ params: { id: pathSegment(folderId) }, body }), 200).body,
    onSuccess: () => void invalidateLibrary(queryClient),
  });
}

/** docs/import-export.md#attach-a-pdf: PUT /api/uploads/{paperId}/pdf for a metadata-only paper. */
export function useAttachPdfMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ paperId, file }: { paperId: string; file: File }) =>
      expectStatus(
        await apiClient.uploads.attachPdf({
          params: { paperId: pathSegment(paperId) },
          body: multipartForm({ file }) as unknown as { file: Blob },
        }),
        200,
      ).body,
    onSuccess: () => void invalidateLibrary(queryClient),
  });
}
