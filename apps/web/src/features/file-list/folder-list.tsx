import type { TFolder, TFolderFile } from '@paperbench/contract';
import { FolderBlock } from './folder-block';
import { useDeleteUpload } from './use-delete-upload';
import { useFolderActions } from './use-folder-actions';

type TFolderListProps = {
  folders: readonly TFolder[];
  activeId: number | null;
  setActiveId: (id: number | null) => void;
  onOpenFile: (file: TFolderFile) => void;
  /** A folder to open in its name editor (the one New just made), until onNamingStarted. */
  namingId?: number | null;
  onNamingStarted?: () => void;
};

/** requirements §2 / §4 Folder list: one active (expanded) folder at a time; clicking toggles it. */
export function FolderList({
  folders,
  activeId,
  setActiveId,
  onOpenFile,
  namingId = null,
  onNamingStarted,
}: TFolderListProps) {
  const actions = useFolderActions({ folders, activeId, setActiveId });
  const deleteUpload = useDeleteUpload();
  if (folders.length === 0) {
    return <p className="file-list-empty">No folders yet. Use New to make one, or drop PDFs here.</p>;
  }
  return (
    <ul className="folder-list" aria-label="Folders">
      {folders.map((folder) => (
        <FolderBlock
          key={folder.id}
          folder={folder}
          isActive={folder.id === activeId}
          shouldStartNaming={folder.id === namingId}
          onNamingStarted={onNamingStarted}
          onToggle={() => setActiveId(folder.id === activeId ? null : folder.id)}
          onRename={(name) => actions.rename(folder.id, name)}
          onDelete={() => actions.remove(folder.id)}
          onOpenFile={onOpenFile}
          onSelectFile={actions.select}
          onRemoveFile={actions.removeFile}
          onDeleteUpload={deleteUpload}
        />
      ))}
    </ul>
  );
}
