import type { TPaperRef } from '@paperbench/contract';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

/** requirements §2: the viewer's title when no file name is known. */
export const DEFAULT_PDF_NAME = 'Document';
/** requirements §4: a body class is set while a PDF is active. */
export const PDF_ACTIVE_BODY_CLASS = 'pdf-active';

/**
 * `fileKey` names the folder file shown (platform:paper_id), so removing that file can close the viewer.
 * `page` and `highlight` open it at a cited page with the cited passage marked (a chat citation).
 */
export type TOpenPdf = {
  name: string;
  url: string;
  fileKey?: string;
  page?: number;
  highlight?: string;
  /** The paper shown, when known: the viewer can then show its comments beside it. */
  paper?: TPaperRef;
};

type TFileListPanelState = {
  isOpen: boolean;
  /** The PDF shown in the panel (it replaces the list), or null. */
  pdf: TOpenPdf | null;
  open: () => void;
  close: () => void;
  /** requirements §4: the toggle closes the PDF instead of the panel while one is shown. */
  toggle: () => void;
  /** requirements §4: opening a PDF forces the panel open. */
  openPdf: (pdf: Omit<TOpenPdf, 'name'> & { name?: string | null }) => void;
  /** requirements §4: closing the PDF clears PDF mode (the name resets to 'Document'). */
  closePdf: () => void;
};

const FileListPanelContext = createContext<TFileListPanelState | null>(null);

/** requirements §4 File panel: open or closed by the toggle; other features (Add to File List, Read) open it too. */
export function FileListPanelProvider({
  children,
  initiallyOpen = false,
}: {
  children: ReactNode;
  initiallyOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  const [pdf, setPdf] = useState<TOpenPdf | null>(null);

  useEffect(() => {
    document.body.classList.toggle(PDF_ACTIVE_BODY_CLASS, pdf !== null);
    return () => document.body.classList.remove(PDF_ACTIVE_BODY_CLASS);
  }, [pdf]);

  const state = useMemo<TFileListPanelState>(
    () => ({
      isOpen,
      pdf,
      open: () => setIsOpen(true),
      close: () => {
        setPdf(null);
        setIsOpen(false);
      },
      toggle: () => {
        if (pdf) setPdf(null);
        else setIsOpen((wasOpen) => !wasOpen);
      },
      openPdf: ({ name, ...target }) => {
        setPdf({ ...target, name: name?.trim() || DEFAULT_PDF_NAME });
        setIsOpen(true);
      },
      closePdf: () => setPdf(null),
    }),
    [isOpen, pdf],
  );
  return <FileListPanelContext.Provider value={state}>{children}</FileListPanelContext.Provider>;
}

export function useFileListPanel(): TFileListPanelState {
  const state = useContext(FileListPanelContext);
  if (!state) throw new Error('useFileListPanel must be used inside <FileListPanelProvider>');
  return state;
}
