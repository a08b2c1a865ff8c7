import { paperRefKey, type TFolder, type TFolderFile } from '@paperbench/contract';
import {
  useDeleteFolderMutation,
  useRemoveFileMutation,
  useRenameFolderMutation,
  useSelectFileMutation,
} from '../library/api';
import { useFileListPanel } from './file-list-panel-state';

/** requirements §8: the alert when a rename fails. */
export const RENAME_FAILED_ALERT = 'Failed to rename folder. Please try again.';
/** requirements §5: the confirm prompt before deleting a folder. */
export const DELETE_FOLDER_CONFIRM = 'Delete this folder and all its files?';

/** requirements §8: the query client logs every failure; for these actions nothing else follows one. */
const loggedOnly = () => {};

/**
 * The folder and file operations of the File List panel (requirements §2, §4, §8): what the user is asked and
 * told around the library's mutations. mutateAsync, not mutate: a follow-up must run for every call,
 * not only for the latest one.
 */
export function useFolderActions({
  folders,
  activeId,
  setActiveId,
}: {
  folders: readonly TFolder[];
  activeId: number | null;
  setActiveId: (id: number | null) => void;
}) {
  const renameFolder = useRenameFolderMutation();
  const deleteFolder = useDeleteFolderMutation();
  const selectFile = useSelectFileMutation();
  const removeFromFolder = useRemoveFileMutation();
  const { pdf, closePdf } = useFileListPanel();

  /** requirements §4 Rename: the name shows at once; requirements §8: a failure puts the old one back and alerts. */
  const rename = (folderId: number, name: string) => {
    renameFolder.mutateAsync({ folderId, name }).catch(() => window.alert(RENAME_FAILED_ALERT));
  };

  /** requirements §4: deleting the active folder activates the first remaining one, or none. requirements §8: logged only. */
  const remove = (folderId: number) => {
    if (!window.confirm(DELETE_FOLDER_CONFIRM)) return;
    const firstRemaining = folders.find((f) => f.id !== folderId)?.id ?? null;
    deleteFolder.mutateAsync(folderId).then(() => {
      if (folderId === activeId) setActiveId(firstRemaining);
    }, loggedOnly);
  };

  /** requirements §4 Selection: the new state is sent to the server; every entry of that paper follows at once. */
  const select = (file: TFolderFile, selected: boolean) => selectFile.mutate({ file, selected });

  /** Remove a file from its folder. requirements §4: removing the open file closes the viewer. */
  const removeFile = (file: TFolderFile) => {
    removeFromFolder.mutateAsync(file).then(() => {
      if (pdf?.fileKey === paperRefKey(file)) closePdf();
    }, loggedOnly);
  };

  return { rename, remove, select, removeFile };
}
