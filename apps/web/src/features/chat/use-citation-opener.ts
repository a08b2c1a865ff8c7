import { paperRefKey } from '@paperbench/contract';
import { useCallback } from 'react';
import { viewerPdfUrl } from '../../lib/pdf-source';
import { useFileListPanel } from '../file-list/file-list-panel-state';
import { useUserFilesQuery } from '../library/api';
import type { TCitations } from './citation-context';

/** A cited passage opens in the File List's PDF viewer (requirements §4 Opening a file) at its page, the passage marked. */
export function useCitationOpener(): TCitations['opener'] {
  const { data: files } = useUserFilesQuery();
  const { openPdf } = useFileListPanel();
  return useCallback(
    (passage) => {
      const file = files?.find((candidate) => paperRefKey(candidate) === paperRefKey(passage));
      const url = viewerPdfUrl(file?.paper_URL);
      if (!file || !url) return null;
      return () =>
        openPdf({ name: file.filename, url, fileKey: paperRefKey(file), page: passage.page, highlight: passage.text });
    },
    [files, openPdf],
  );
}
