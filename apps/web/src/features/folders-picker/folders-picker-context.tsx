import type { TPaperRef } from '@paperbench/contract';
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';

// Loaded on first use: the modal is not part of the first paint.
const AddToFoldersModal = lazy(() =>
  import('./add-to-folders-modal').then((module) => ({ default: module.AddToFoldersModal })),
);

type TFoldersPicker = { openAddToFolders: (paper: TPaperRef) => void };

const FoldersPickerContext = createContext<TFoldersPicker | null>(null);

/**
 * requirements §2 Add-to-folders modal, opened for a paper by the Add to File List button and after an upload
 * through the dialog (requirements §4). One modal for the whole app.
 */
export function FoldersPickerProvider({ children }: { children: ReactNode }) {
  const [paper, setPaper] = useState<TPaperRef | null>(null);
  const picker = useMemo<TFoldersPicker>(() => ({ openAddToFolders: setPaper }), []);
  return (
    <FoldersPickerContext.Provider value={picker}>
      {children}
      {paper && (
        <Suspense fallback={null}>
          <AddToFoldersModal paper={paper} onClose={() => setPaper(null)} />
        </Suspense>
      )}
    </FoldersPickerContext.Provider>
  );
}

export function useFoldersPicker(): TFoldersPicker {
  const picker = useContext(FoldersPickerContext);
  if (!picker) throw new Error('useFoldersPicker must be used inside <FoldersPickerProvider>');
  return picker;
}
