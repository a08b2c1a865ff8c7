import type { TFolder } from '@paperbench/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { listFolders, PAPER_ATTACHED_EVENT } from '../../api/library-api';
import { folderKeys } from '../../api/query-keys';

/** GET /api/folders: the user's folders with their files, oldest first (cached under folderKeys.list()). */
export function useFolders({ refetchOnOpen = false }: { refetchOnOpen?: boolean } = {}) {
  return useQuery({
    queryKey: folderKeys.list(),
    queryFn: listFolders,
    staleTime: 30_000,
    // The panel and the picker read afresh when they open (another tab may have changed the folders).
    refetchOnMount: refetchOnOpen ? 'always' : true,
  });
}

/** Reloads the folders (after any change), and returns the promise so callers may wait for it. */
export function useReloadFolders(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: folderKeys.all }), [queryClient]);
}

/** Local (optimistic) edit of the cached folder list; returns the previous list to roll back to. */
export function useEditFolders(): (edit: (folders: TFolder[]) => TFolder[]) => TFolder[] | undefined {
  const queryClient = useQueryClient();
  return useCallback(
    (edit) => {
      // A read in flight (the panel refetches when it opens) would land after this edit and put the
      // old list back: cancel it first. Its revert to the cached list happens synchronously, before
      // the edit below, so the edit is what stays.
      void queryClient.cancelQueries({ queryKey: folderKeys.list() });
      const previous = queryClient.getQueryData<TFolder[]>(folderKeys.list());
      if (previous) queryClient.setQueryData(folderKeys.list(), edit(previous));
      return previous;
    },
    [queryClient],
  );
}

/** spec §4: a 'paper-attached' window event refreshes the folders. */
export function useRefreshOnPaperAttached(): void {
  const reload = useReloadFolders();
  useEffect(() => {
    const onAttached = () => void reload();
    window.addEventListener(PAPER_ATTACHED_EVENT, onAttached);
    return () => window.removeEventListener(PAPER_ATTACHED_EVENT, onAttached);
  }, [reload]);
}
