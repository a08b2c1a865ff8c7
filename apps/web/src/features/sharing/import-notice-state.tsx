import type { TShareImportResponse } from '@paperbench/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { TImportChoice } from '../../lib/share-import';

/** One finished shared-list import, to be told on home (each import gets a fresh id). */
export type TImportNotice = { id: number; mode: TImportChoice; result: TShareImportResponse };

type TImportNoticeState = {
  notice: TImportNotice | null;
  show: (mode: TImportChoice, result: TShareImportResponse) => void;
  dismiss: () => void;
};

const ImportNoticeContext = createContext<TImportNoticeState | null>(null);

/**
 * The last shared-list import, held above the router: the import runs in the /share/{id} view, and the
 * notice is shown by the home view it returns to (requirements §2: a different kept-alive view).
 */
export function ImportNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<TImportNotice | null>(null);
  const lastId = useRef(0);
  // Stable callbacks: the import's effect and the notice's timer depend on them.
  const show = useCallback((mode: TImportChoice, result: TShareImportResponse) => {
    lastId.current += 1;
    setNotice({ id: lastId.current, mode, result });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);
  const state = useMemo<TImportNoticeState>(() => ({ notice, show, dismiss }), [notice, show, dismiss]);
  return <ImportNoticeContext.Provider value={state}>{children}</ImportNoticeContext.Provider>;
}

export function useImportNotice(): TImportNoticeState {
  const state = useContext(ImportNoticeContext);
  if (!state) throw new Error('useImportNotice must be used inside <ImportNoticeProvider>');
  return state;
}
