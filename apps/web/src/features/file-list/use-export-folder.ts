import type { TFolder, TFolderExportFormat } from '@paperbench/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { saveResponseFile } from '../../lib/save-blob';

/** The menu's entries, in order, with the type and extension of the file each one saves. */
export const EXPORT_FORMATS = [
  { format: 'bibtex', label: 'Export BibTeX', type: 'application/x-bibtex', extension: 'bib' },
  { format: 'ris', label: 'Export RIS', type: 'application/x-research-info-systems', extension: 'ris' },
  { format: 'csljson', label: 'Export CSL-JSON', type: 'application/vnd.citationstyles.csl+json', extension: 'json' },
  { format: 'markdown', label: 'Export Markdown', type: 'text/markdown', extension: 'md' },
] as const satisfies readonly { format: TFolderExportFormat; label: string; type: string; extension: string }[];

/**
 * GET /api/folders/{id}/export, saved as the file the server names after the folder (docs: File List,
 * export). The request carries X-User-ID, so the file is fetched and then saved from memory. `annote`:
 * the user's own notes ride along (BibTeX's annote field, the Markdown list's marks: docs/annotations.md).
 */
export function useExportFolderMutation() {
  return useMutation({
    mutationFn: async ({
      folder,
      format,
      annote,
    }: {
      folder: TFolder;
      format: TFolderExportFormat;
      annote: boolean;
    }) => {
      const query = annote ? { format, annote: true } : { format };
      const response = expectStatus(
        await apiClient.folders.export({ params: { id: pathSegment(folder.id) }, query }),
        200,
      );
      const { type, extension } = EXPORT_FORMATS.find((entry) => entry.format === format) ?? EXPORT_FORMATS[0];
      saveResponseFile(response, { type, filename: `${folder.name}.${extension}` });
    },
  });
}
