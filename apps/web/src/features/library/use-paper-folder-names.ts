import { paperRefKey, type TFolder, type TPaperRef } from '@paperbench/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { folderNamesOf } from '../../lib/folder-membership';
import { foldersQuery } from './api';

const NO_FOLDERS: readonly string[] = [];

/**
 * The names of the user's folders holding a paper, read from the folders the File List toggle keeps
 * loaded (GET /api/folders): a card asks for nothing of its own. It fetches only when no list is cached
 * yet (one request, shared), never again on mount or focus (the toggle's query refreshes the list).
 * `select` picks this paper's names from a map built once per list, and structural sharing keeps the
 * same array while they stay the same, so a memoised card renders again only when its own folders change.
 */
export function usePaperFolderNames(ref: TPaperRef): readonly string[] {
  const key = paperRefKey(ref);
  const select = useCallback((folders: TFolder[]) => folderNamesOf(folders, key), [key]);
  const { data } = useQuery({
    ...foldersQuery(),
    select,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return data ?? NO_FOLDERS;
}
