import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type TFileListPanelState = {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
};

const FileListPanelContext = createContext<TFileListPanelState | null>(null);

/** spec §4 File panel: open or closed by the toggle; other features (Add to File List) open it too. */
export function FileListPanelProvider({
  children,
  initiallyOpen = false,
}: {
  children: ReactNode;
  initiallyOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  const state = useMemo<TFileListPanelState>(
    () => ({
      isOpen,
      open: () => setIsOpen(true),
      close: () => setIsOpen(false),
      toggle: () => setIsOpen((wasOpen) => !wasOpen),
    }),
    [isOpen],
  );
  return <FileListPanelContext.Provider value={state}>{children}</FileListPanelContext.Provider>;
}

export function useFileListPanel(): TFileListPanelState {
  const state = useContext(FileListPanelContext);
  if (!state) throw new Error('useFileListPanel must be used inside <FileListPanelProvider>');
  return state;
}
