import type { TAnnotation, TSharedFolder } from '@paperbench/contract';
import { useId } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useUpdateAnnotationMutation } from './api';

/** The shared folders a mark may be shared with: those where the caller comments, edits or owns. */
export const commentableFolders = (folders: readonly TSharedFolder[] | undefined) =>
  (folders ?? []).filter((folder) => folder.abilities?.comment ?? false);

/**
 * docs/annotations.md#sharing: the author's "Share with folder" choice, Private (the default) or one of
 * their shared folders where they may comment. Changing it is a PATCH of folder_id (null makes it private).
 */
export function PanelShareSelect({ mark, folders }: { mark: TAnnotation; folders: readonly TSharedFolder[] }) {
  const id = useId();
  const update = useUpdateAnnotationMutation();
  const options = commentableFolders(folders);
  // A mark shared with a folder the list does not offer (it has not loaded, or the role has changed) keeps its entry.
  const isListed = mark.folder_id === null || options.some((folder) => folder.folder_id === mark.folder_id);
  return (
    <div className="annotations-panel-share">
      <label htmlFor={id}>Share with folder</label>
      <select
        id={id}
        className="annotations-panel-select"
        value={mark.folder_id ?? ''}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({
            id: mark.id,
            patch: { folder_id: event.target.value === '' ? null : Number(event.target.value) },
          })
        }
      >
        <option value="">Private</option>
        {!isListed && <option value={mark.folder_id ?? ''}>A shared folder</option>}
        {options.map((folder) => (
          <option key={folder.folder_id} value={folder.folder_id}>
            {folder.name}
          </option>
        ))}
      </select>
      {update.isError && (
        <p className="comment-error" role="alert">
          The mark could not be shared: {parseApiError(update.error).message}
        </p>
      )}
    </div>
  );
}
