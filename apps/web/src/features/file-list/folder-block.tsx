import { paperRefKey, type TFolder, type TFolderFile } from '@paperbench/contract';
import { useEffect, useRef, useState } from 'react';
import { useAnnotationCountsQuery } from '../annotations/api';
import { ShareFolderDialog } from '../forum/share-folder-dialog';
import { FolderSummaryDialog } from '../summaries/folder-summary-dialog';
import { SmallIconButton } from '../ui/small-icon-button';
import { FileRow } from './file-row';
import { FolderExportMenu } from './folder-export-menu';
import { FolderNameEditor } from './folder-name-editor';
import { ImportDialog } from './import/import-dialog';

type TFolderBlockProps = {
  folder: TFolder;
  isActive: boolean;
  /** Open the name editor now (a folder New just made); onNamingStarted then clears the request. */
  shouldStartNaming?: boolean;
  onNamingStarted?: () => void;
  onToggle: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
  onOpenFile: (file: TFolderFile) => void;
  onSelectFile: (file: TFolderFile, selected: boolean) => void;
  onRemoveFile: (file: TFolderFile) => void;
  onDeleteUpload?: (file: TFolderFile) => void;
};

/**
 * requirements §2 Folder block: click to expand or collapse (the active folder is the expanded one, requirements §4);
 * the name, an 'S' badge titled 'Shared' for shared folders, the file count, and summarize
 * (docs/ai.md#summaries), rename (also by double-click), share, export (BibTeX, RIS or CSL-JSON), import
 * references (the open folder: docs/import-export.md) and delete actions. An empty folder shows 'Empty'.
 */
export function FolderBlock(props: TFolderBlockProps) {
  const { folder, isActive, onToggle, onRename, onDelete, shouldStartNaming = false, onNamingStarted } = props;
  const [isEditing, setIsEditing] = useState(shouldStartNaming);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(isEditing);
  const [isSummaryOpen, setIsSummaryOpen] = useState(false);
  const canRename = folder.abilities?.rename ?? true;
  const canDelete = folder.abilities?.delete ?? true;
  const canShare = folder.abilities?.share ?? true;
  const [isShareOpen, setIsShareOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  // docs/import-export.md: importing adds papers, which whoever may rename the folder may do (owner, editor).
  const canImport = canRename;
  // The open folder's rows show their marks: one request for the folder, not one per row.
  const markCounts = useAnnotationCountsQuery(isActive ? folder.files.filter((file) => !file.unavailable) : []);

  useEffect(() => {
    if (!shouldStartNaming) return;
    setIsEditing(true);
    onNamingStarted?.();
  }, [shouldStartNaming, onNamingStarted]);

  // When the editor closes, focus goes back to the folder (not lost to the page, and not to New,
  // where another Enter would make another folder).
  useEffect(() => {
    if (wasEditing.current && !isEditing) toggleRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <li className={isActive ? 'folder is-active' : 'folder'}>
      <div className="folder-head">
        {isEditing ? (
          <FolderNameEditor
            name={folder.name}
            onSave={(name) => {
              setIsEditing(false);
              onRename(name);
            }}
            onCancel={() => setIsEditing(false)}
          />
        ) : (
          <button
            ref={toggleRef}
            type="button"
            className="folder-toggle"
            aria-expanded={isActive}
            onClick={onToggle}
            onDoubleClick={() => canRename && setIsEditing(true)}
          >
            <span className="folder-caret" aria-hidden="true">
              {isActive ? '▾' : '▸'}
            </span>
            <span className="folder-name">{folder.name}</span>
            {folder.type === 'shared' && (
              <span className="folder-shared" title="Shared">
                S
              </span>
            )}
            <span className="folder-count" title={`${folder.files.length} files`}>
              {folder.files.length}
            </span>
          </button>
        )}
        {!isEditing && (
          <span className="folder-actions">
            <SmallIconButton
              label={`Summarize ${folder.name}`}
              icon="summary"
              iconSize={15}
              title="Summarize"
              onClick={() => setIsSummaryOpen(true)}
            />
            <SmallIconButton
              label={`Rename ${folder.name}`}
              icon="pencil"
              iconSize={15}
              title="Rename"
              disabled={!canRename}
              onClick={() => setIsEditing(true)}
            />
            {/* requirements §2 / §4 Folder sharing: 'Choose the sharing mode', or the Sharing dialog once shared. */}
            <SmallIconButton
              label={`Share ${folder.name}`}
              icon="share"
              iconSize={15}
              title={folder.type === 'shared' ? 'Sharing' : 'Share'}
              disabled={!canShare}
              onClick={() => setIsShareOpen(true)}
            />
            <FolderExportMenu folder={folder} />
            {/* The open folder's only: one "Import references" on the page at a time. */}
            {isActive && canImport && (
              <SmallIconButton
                label="Import references"
                icon="upload"
                iconSize={15}
                title={`Import references into ${folder.name} (BibTeX, RIS, CSL-JSON or Zotero)`}
                onClick={() => setIsImportOpen(true)}
              />
            )}
            <SmallIconButton
              label={`Delete ${folder.name}`}
              icon="trash"
              iconSize={15}
              title="Delete"
              disabled={!canDelete}
              onClick={onDelete}
            />
          </span>
        )}
      </div>
      {isActive &&
        (folder.files.length === 0 ? (
          <p className="folder-empty">Empty</p>
        ) : (
          <ul className="folder-files" aria-label={`Files in ${folder.name}`}>
            {folder.files.map((file) => (
              <FileRow
                key={paperRefKey(file)}
                file={file}
                onOpen={props.onOpenFile}
                onSelect={props.onSelectFile}
                onRemove={props.onRemoveFile}
                onDeleteUpload={props.onDeleteUpload}
                markCount={markCounts.data?.get(paperRefKey(file))}
              />
            ))}
          </ul>
        ))}
      {isSummaryOpen && <FolderSummaryDialog folder={folder} onClose={() => setIsSummaryOpen(false)} />}
      {isShareOpen && <ShareFolderDialog folder={folder} onClose={() => setIsShareOpen(false)} />}
      {isImportOpen && <ImportDialog folder={folder} onClose={() => setIsImportOpen(false)} />}
    </li>
  );
}
