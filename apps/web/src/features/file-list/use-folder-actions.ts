import type { TFolder, TFolderFile } from '@paperbench/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteFolder, removeFileFromFolder, renameFolder, updateFileSelection } from '../../api/library-api';
import { folderKeys } from '../../api/query-keys';
import { refKey } from '../../lib/paper-refs';
import { useFileListPanel } from './file-list-panel-state';
import { useEditFolders, useReloadFolders } from './use-folders';

/** spec §8: the alert when a rename fails. */
export const RENAME_FAILED_ALERT = 'Failed to rename folder. Please try again.';
/** spec §5: the confirm prompt before deleting a folder. */
export const DELETE_FOLDER_CONFIRM = 'Delete this folder and all its files?';

/** The folder and file operations of the File List panel (spec §2, §4, §8). */
export function useFolderActions({
  activeId,
  setActiveId,
}: {
  activeId: number | null;
  setActiveId: (id: number | null) => void;
}) {
  const editFolders = useEditFolders();
  const reloadFolders = useReloadFolders();
  const queryClient = useQueryClient();
  const { pdf, closePdf } = useFileListPanel();

  /** spec §4 Rename: on success the name is updated locally (optimistically; rolled back on failure). */
  const rename = useCallback(
    async (folderId: number, name: string) => {
      const previous = editFolders((folders) => folders.map((f) => (f.id === folderId ? { ...f, name } : f)));
      try {
        await renameFolder(folderId, name);
      } catch (error) {
        console.error('Folder rename failed:', error);
        if (previous) queryClient.setQueryData(folderKeys.list(), previous);
        window.alert(RENAME_FAILED_ALERT);
      }
    },
    [editFolders, queryClient],
  );

  /** spec §4: deleting the active folder activates the first remaining one, or none. spec §8: logged only. */
  const remove = useCallback(
    async (folderId: number) => {
      if (!window.confirm(DELETE_FOLDER_CONFIRM)) return;
      try {
        await deleteFolder(folderId);
      } catch (error) {
        console.error('Folder deletion failed:', error);
        return;
      }
      const remaining = editFolders((folders) => folders.filter((f) => f.id !== folderId))?.filter(
        (f) => f.id !== folderId,
      );
      if (folderId === activeId) setActiveId(remaining?.[0]?.id ?? null);
      await reloadFolders();
    },
    [activeId, setActiveId, editFolders, reloadFolders],
  );

  /** spec §4 Selection: the new state is sent to the server; every entry of that paper follows at once. */
  const select = useCallback(
    async (file: TFolderFile, selected: boolean) => {
      const key = refKey(file);
      const setSelected = (folders: TFolder[]) =>
        folders.map((folder) => ({
          ...folder,
          files: folder.files.map((f) => (refKey(f) === key ? { ...f, selected } : f)),
        }));
      const previous = editFolders(setSelected);
      try {
        await updateFileSelection({ paper_id: file.paper_id, platform: file.platform }, selected);
      } catch (error) {
        console.error('Updating the selection failed:', error);
        if (previous) queryClient.setQueryData(folderKeys.list(), previous);
      }
    },
    [editFolders, queryClient],
  );

  /** Remove a file from its folder (204 = success). spec §4: removing the open file closes the viewer. */
  const removeFile = useCallback(
    async (file: TFolderFile) => {
      try {
        await removeFileFromFolder(file.folder_id, { paper_id: file.paper_id, platform: file.platform });
      } catch (error) {
        console.error('Removing the file failed:', error);
        return;
      }
      if (pdf?.fileKey === refKey(file)) closePdf();
      await reloadFolders();
    },
    [pdf, closePdf, reloadFolders],
  );

  return { rename, remove, select, removeFile };
}
