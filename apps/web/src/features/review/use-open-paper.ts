import { paperRefKey, type TPaperRef, type TReviewFile } from '@paperbench/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { viewerPdfUrl } from '../../lib/pdf-source';
import { useFileListPanel } from '../file-list/file-list-panel-state';

/**
 * Opens a paper of the session in the File List's PDF viewer (requirements §4 Opening a file); a paper with no
 * PDF here opens its detail page instead.
 */
export function useOpenPaper(files: readonly TReviewFile[] | undefined) {
  const { openPdf } = useFileListPanel();
  const navigate = useNavigate();
  return useCallback(
    (paper: TPaperRef & { title?: string }) => {
      const file = files?.find((candidate) => paperRefKey(candidate) === paperRefKey(paper));
      const url = viewerPdfUrl(file?.paper_URL);
      if (!url) {
        void navigate(paperDetailPath(paper));
        return;
      }
      openPdf({
        name: file?.filename ?? paper.title,
        url,
        fileKey: paperRefKey(paper),
        paper: { paper_id: paper.paper_id, platform: paper.platform },
      });
    },
    [files, openPdf, navigate],
  );
}
