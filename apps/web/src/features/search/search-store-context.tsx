import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { createSearchStore, type TSearchScreenState, type TSearchStore } from './search-store';

const SearchStoreContext = createContext<TSearchStore | null>(null);

export function SearchStoreProvider({ children, store }: { children: ReactNode; store?: TSearchStore }) {
  const [ownStore] = useState(() => store ?? createSearchStore());
  return <SearchStoreContext.Provider value={ownStore}>{children}</SearchStoreContext.Provider>;
}

export function useSearchStore(): TSearchStore {
  const store = useContext(SearchStoreContext);
  if (!store) throw new Error('useSearchStore must be used inside <SearchStoreProvider>');
  return store;
}

export function useSearchState(): TSearchScreenState {
  const store = useSearchStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}
