import { DEFAULT_PUBLISHED_DATE, type TPaperRef } from '@paperbench/contract';
import { type DragEvent, useCallback, useReducer } from 'react';
import { dragReducer, IDLE_DRAG } from '../../lib/drag-counter';
import { uploadFailureReason } from '../../lib/upload-form';
import { isPdfFile, titleFromFileName } from '../../lib/upload-progress';
import { useAddToFoldersMutation } from '../library/api';
import { useUploadPaperMutation } from './api';
import { useUploadProgress } from './use-upload-progress';

/** requirements §5 Drop: the alert when nothing dropped is a PDF. */
export const NO_PDF_DROPPED_ALERT = 'Please drop PDF files';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * requirements §2 / §4 drag and drop onto the File List panel: an enter/leave counter drives idle/dragging; a
 * drop keeps only PDFs, uploads each with a progress entry, and attaches successes to the active folder.
 * The folders read afresh by the mutations' invalidation.
 */
export function useDropUpload({ activeFolderId }: { activeFolderId: number | null }) {
  const [drag, dispatch] = useReducer(dragReducer, IDLE_DRAG);
  const progress = useUploadProgress();
  const { start, succeed, fail } = progress;
  // mutateAsync on both: several files upload at once, and each needs its own outcome.
  const { mutateAsync: uploadPaper } = useUploadPaperMutation();
  const { mutateAsync: addToFolders } = useAddToFoldersMutation();

  const uploadOne = useCallback(
    async (file: File) => {
      const id = start(file.name);
      let paper: TPaperRef;
      let isExisting: boolean;
      try {
        ({ paper, isExisting } = await uploadPaper({
          file,
          title: titleFromFileName(file.name),
          authors: '',
          published: DEFAULT_PUBLISHED_DATE,
          abstract: '',
        }));
      } catch (error) {
        const reason = uploadFailureReason(error);
        fail(id, reason);
        // requirements §8: in the drop flow the alert names the file.
        window.alert(`Upload Failed: ${file.name}: ${reason} Please try again.`);
        return;
      }
      succeed(id, { isExisting });
      // requirements §4: after success, if a folder is active, the paper is attached to it and folders reload.
      // requirements §8: a failed attachment is logged only (by the query client).
      if (activeFolderId != null) await addToFolders({ folderIds: [activeFolderId], paper }).catch(() => {});
    },
    [activeFolderId, uploadPaper, addToFolders, start, succeed, fail],
  );

  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      dispatch('enter');
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      dispatch('leave');
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      dispatch('drop');
      const pdfs = Array.from(event.dataTransfer?.files ?? []).filter(isPdfFile);
      if (pdfs.length === 0) {
        window.alert(NO_PDF_DROPPED_ALERT);
        return;
      }
      for (const file of pdfs) void uploadOne(file);
    },
  };

  return { isDragging: drag.isDragging, entries: progress.entries, handlers };
}
