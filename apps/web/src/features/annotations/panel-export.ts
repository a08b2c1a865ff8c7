import type { TPaperRef } from '@paperbench/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';
import { saveResponseFile } from '../../lib/save-blob';

/** The panel's export buttons, with the type and extension of the file each one saves (docs/annotations.md#export). */
export const ANNOTATION_EXPORTS = [
  { format: 'markdown', label: 'Export Markdown', type: 'text/markdown', extension: 'md' },
  { format: 'w3c', label: 'Export W3C JSON', type: 'application/ld+json', extension: 'jsonld' },
] as const;
export type TAnnotationExportFormat = (typeof ANNOTATION_EXPORTS)[number]['format'];

/**
 * GET /api/annotations/export, saved under the name the server gives. The request carries X-User-ID (the
 * caller's marks and those shared with them), so the file is fetched and saved from memory.
 */
export function useExportAnnotationsMutation() {
  return useMutation({
    mutationFn: async ({ paper, format }: { paper: TPaperRef; format: TAnnotationExportFormat }) => {
      const response = expectStatus(
        await apiClient.annotations.export({ query: { paper_id: paper.paper_id, platform: paper.platform, format } }),
        200,
      );
      const { type, extension } = ANNOTATION_EXPORTS.find((entry) => entry.format === format) ?? ANNOTATION_EXPORTS[0];
      saveResponseFile(response, { type, filename: `annotations-${paper.platform}-${paper.paper_id}.${extension}` });
    },
  });
}
