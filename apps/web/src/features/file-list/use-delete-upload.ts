import { paperRefKey, type TFolderFile } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import { useDeleteUploadMutation } from '../upload/api';
import { useFileListPanel } from './file-list-panel-state';

/** docs/security.md#taking-things-back: the confirm before an upload is deleted for good. */
export const DELETE_UPLOAD_CONFIRM =
  'Delete this upload for good? Its PDF and text are removed and it leaves every folder and share link.';
/** What a non-uploader (e.g. someone who imported it from a link) is told: the server answers them 404. */
export const DELETE_UPLOAD_NOT_OWNER_ALERT = 'Only the person who uploaded this paper can delete it.';

/** The File List's "Delete upload" action: confirm, delete, close its PDF if shown (the library reads afresh). */
export function useDeleteUpload(): (file: TFolderFile) => void {
  const deleteUpload = useDeleteUploadMutation();
  const { pdf, closePdf } = useFileListPanel();
  return (file: TFolderFile) => {
    if (!window.confirm(DELETE_UPLOAD_CONFIRM)) return;
    deleteUpload.mutateAsync(file.paper_id).then(
      () => {
        if (pdf?.fileKey === paperRefKey(file)) closePdf();
      },
      (error: unknown) => {
        const info = parseApiError(error);
        window.alert(info.status === 404 ? DELETE_UPLOAD_NOT_OWNER_ALERT : info.message);
      },
    );
  };
}
