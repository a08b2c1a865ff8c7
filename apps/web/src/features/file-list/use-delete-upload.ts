import type { TFolderFile } from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { libraryKeys } from '../../api/query-keys';
import { deleteUpload } from '../../api/uploads-api';
import { refKey } from '../../lib/paper-refs';
import { useFileListPanel } from './file-list-panel-state';
import { useReloadFolders } from './use-folders';

/** docs/security.md#taking-things-back: the confirm before an upload is deleted for good. */
export const DELETE_UPLOAD_CONFIRM =
  'Delete this upload for good? Its PDF and text are removed and it leaves every folder and share link.';
/** What a non-uploader (e.g. someone who imported it from a link) is told: the server answers them 404. */
export const DELETE_UPLOAD_NOT_OWNER_ALERT = 'Only the person who uploaded this paper can delete it.';

/** The File List's "Delete upload" action: confirm, delete, close its PDF if shown, reload the folders. */
export function useDeleteUpload(): (file: TFolderFile) => Promise<void> {
  const queryClient = useQueryClient();
  const reloadFolders = useReloadFolders();
  const { pdf, closePdf } = useFileListPanel();
  return useCallback(
    async (file: TFolderFile) => {
      if (!window.confirm(DELETE_UPLOAD_CONFIRM)) return;
      try {
        await deleteUpload(file.paper_id);
      } catch (error) {
        const info = parseApiError(error);
        console.error('Deleting the upload failed:', error);
        window.alert(info.status === 404 ? DELETE_UPLOAD_NOT_OWNER_ALERT : info.message);
        return;
      }
      if (pdf?.fileKey === refKey(file)) closePdf();
      await Promise.all([reloadFolders(), queryClient.invalidateQueries({ queryKey: libraryKeys.userFiles() })]);
    },
    [pdf, closePdf, reloadFolders, queryClient],
  );
}
