import { paperRefKey, type TFolderFile } from '@paperbench/contract';
import { useEffect, useRef, useState } from 'react';
import { viewerPdfUrl } from '../../lib/pdf-source';
import { useFoldersPicker } from '../folders-picker/folders-picker-context';
import { useCreateFolderMutation, useFoldersQuery } from '../library/api';
import { PdfPanel } from '../pdf-viewer/pdf-panel';
import { UploadDialog } from '../upload/upload-dialog';
import { UploadProgressList } from '../upload/upload-progress-list';
import { useDropUpload } from '../upload/use-drop-upload';
import { FileListHeader } from './file-list-header';
import { useFileListPanel } from './file-list-panel-state';
import { FolderList } from './folder-list';
import './file-list-panel.css';

/** requirements §2: the overlay prompt while files are dragged over the panel. */
export const DROP_PROMPT = 'Drop PDF files here to upload';

/**
 * requirements §2 File List panel, right-hand side: the folders and their files, drag-and-drop uploads, the
 * Upload Paper dialog, and the PDF viewer, which replaces the list while a PDF is open.
 */
export function FileListPanel() {
  const { close, pdf, openPdf, closePdf } = useFileListPanel();
  const { openAddToFolders } = useFoldersPicker();
  const { data: folders, isPending, isError, isFetching } = useFoldersQuery({ refetchOnOpen: true });
  const createFolder = useCreateFolderMutation();
  // undefined until the folders first load; then requirements §4: the first folder is active and expanded.
  const [activeId, setActiveId] = useState<number | null | undefined>(undefined);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  // The folder New just made: it opens in its name editor, 'Untitled' selected (typing replaces it).
  const [namingId, setNamingId] = useState<number | null>(null);
  // A second Enter (or a double click) on New while the first folder is on its way makes no second one.
  // A ref, not the mutation's isPending: two key presses can land before React renders again.
  const isCreating = useRef(false);
  const drop = useDropUpload({ activeFolderId: activeId ?? null });

  useEffect(() => {
    if (activeId === undefined && folders && !isFetching) setActiveId(folders[0]?.id ?? null);
  }, [activeId, folders, isFetching]);

  // requirements §4: a new folder becomes the active one when none is. requirements §8: a failure is logged only.
  const newFolder = () => {
    if (isCreating.current) return;
    isCreating.current = true;
    createFolder.mutate(undefined, {
      onSuccess: (folder) => {
        if (activeId == null) setActiveId(folder.id);
        setNamingId(folder.id);
      },
      onSettled: () => {
        isCreating.current = false;
      },
    });
  };

  const openFile = (file: TFolderFile) => {
    const url = viewerPdfUrl(file.paper_URL);
    if (url)
      openPdf({
        name: file.filename,
        url,
        fileKey: paperRefKey(file),
        paper: { paper_id: file.paper_id, platform: file.platform },
      });
  };

  return (
    <>
      {/* Drawer backdrop on narrow screens (a pointer shortcut; the close button serves keyboards). */}
      <div className="file-list-backdrop" aria-hidden="true" onClick={close} />
      <aside
        id="file-list-panel"
        className={pdf ? 'file-list-panel is-pdf' : 'file-list-panel'}
        aria-label="File List"
        {...drop.handlers}
      >
        {pdf ? (
          <PdfPanel pdf={pdf} onClose={closePdf} />
        ) : (
          <>
            <FileListHeader
              folders={folders}
              onNewFolder={newFolder}
              onUpload={() => setIsUploadOpen(true)}
              onClose={close}
            />
            <div className="file-list-body">
              {isPending && <p className="muted">Loading folders…</p>}
              {isError && <p className="muted">Your folders could not be loaded.</p>}
              {folders && (
                <FolderList
                  folders={folders}
                  activeId={activeId ?? null}
                  setActiveId={setActiveId}
                  onOpenFile={openFile}
                  namingId={namingId}
                  onNamingStarted={() => setNamingId(null)}
                />
              )}
              <p className="file-list-hint">
                Drag PDF files here to upload them{activeId != null ? ' into the open folder' : ''}.
              </p>
            </div>
          </>
        )}
        <UploadProgressList entries={drop.entries} />
        {drop.isDragging && (
          <div className="drop-overlay" aria-hidden="true">
            {DROP_PROMPT}
          </div>
        )}
      </aside>
      {isUploadOpen && <UploadDialog onClose={() => setIsUploadOpen(false)} onUploaded={openAddToFolders} />}
    </>
  );
}
