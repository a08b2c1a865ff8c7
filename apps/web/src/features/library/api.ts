import { paperRefKey, type TChatFile, type TFolder, type TFolderFile, type TPaperRef } from '@paperbench/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { announcePaperAttached, PAPER_ATTACHED_EVENT } from './paper-attached';

/**
 * The library domain (requirements §7 Folders and files, and the File List operations of §7 Chat): query keys,
 * queries and mutations. Every folder refresh is an invalidation of `libraryKeys.all`.
 */
export const libraryKeys = {
  all: ['library'] as const,
  folders: () => [...libraryKeys.all, 'folders'] as const,
  /** GET /api/chat/files: one entry per paper, with selection and where its text stands. */
  userFiles: () => [...libraryKeys.all, 'user-files'] as const,
};

const selectionMutationKey = ['library', 'select-file'] as const;

/** After any change to folders or files: every view of the library reads afresh. */
export const invalidateLibrary = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: libraryKeys.all });

export const foldersQuery = () =>
  queryOptions({
    queryKey: libraryKeys.folders(),
    queryFn: async () => expectStatus(await apiClient.folders.list(), 200).body,
    staleTime: 30_000,
  });

/** GET /api/folders: the user's folders with their files, oldest first. */
export function useFoldersQuery({ refetchOnOpen = false }: { refetchOnOpen?: boolean } = {}) {
  // The panel and the picker read afresh when they open (another tab may have changed the folders).
  return useQuery({ ...foldersQuery(), refetchOnMount: refetchOnOpen ? 'always' : true });
}

export const userFilesQuery = () =>
  queryOptions({
    queryKey: libraryKeys.userFiles(),
    queryFn: async () => expectStatus(await apiClient.files.listFiles(), 200).body,
    // Stale at once: a view that mounts after a change, or an import deciding whether to ask, reads afresh.
    staleTime: 0,
  });

/** GET /api/chat/files: the user's files across folders. */
export function useUserFilesQuery(options: { enabled?: boolean; pollWhile?: (files: TChatFile[]) => boolean } = {}) {
  const { enabled = true, pollWhile } = options;
  return useQuery({
    ...userFilesQuery(),
    enabled,
    refetchInterval: (query) => (pollWhile && query.state.data && pollWhile(query.state.data) ? 3000 : false),
  });
}

/**
 * An optimistic edit of the cached folders: reads in flight are cancelled first (one landing after the
 * edit would put the old list back); returns the previous list for onError to restore.
 */
async function editFolders(queryClient: QueryClient, edit: (folders: TFolder[]) => TFolder[]) {
  const { queryKey } = foldersQuery();
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData(queryKey);
  if (previous) queryClient.setQueryData(queryKey, edit(previous));
  return { previous };
}

function restoreFolders(queryClient: QueryClient, context: { previous?: TFolder[] } | undefined) {
  if (context?.previous) queryClient.setQueryData(foldersQuery().queryKey, context.previous);
}

/** POST /api/folders/: resolves with the new folder once the folders have been read afresh. */
export function useCreateFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name?: string) =>
      expectStatus(await apiClient.folders.create({ body: name ? { name } : {} }), 201).body,
    onSuccess: () => invalidateLibrary(queryClient),
  });
}

/** requirements §4 Rename: the new name shows at once; a failure restores the old one. */
export function useRenameFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ folderId, name }: { folderId: number; name: string }) =>
      expectStatus(await apiClient.folders.rename({ body: { folder_id: folderId, name } }), 200).body,
    onMutate: ({ folderId, name }) =>
      editFolders(queryClient, (folders) => folders.map((f) => (f.id === folderId ? { ...f, name } : f))),
    onError: (_error, _variables, context) => restoreFolders(queryClient, context),
    onSettled: () => invalidateLibrary(queryClient),
  });
}

/** DELETE /api/folders/{id}: the folder leaves the cache once the server has deleted it. */
export function useDeleteFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (folderId: number) =>
      expectStatus(await apiClient.folders.remove({ params: { id: pathSegment(folderId) } }), 200).body,
    onSuccess: async (_ok, folderId) => {
      await editFolders(queryClient, (folders) => folders.filter((f) => f.id !== folderId));
      await invalidateLibrary(queryClient);
    },
  });
}

/**
 * requirements §4 Selection: the new state is sent to the server and every entry of that paper follows at
 * once. Only the last of several quick toggles reads the folders afresh, so an earlier toggle's read
 * never lands over a later click.
 */
export function useSelectFileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: selectionMutationKey,
    mutationFn: async ({ file, selected }: { file: TPaperRef; selected: boolean }) =>
      expectStatus(
        await apiClient.files.updateFileSelection({
          body: { paper_id: file.paper_id, platform: file.platform, selected },
        }),
        200,
      ).body,
    onMutate: ({ file, selected }) =>
      editFolders(queryClient, (folders) =>
        folders.map((folder) => ({
          ...folder,
          files: folder.files.map((f) => (paperRefKey(f) === paperRefKey(file) ? { ...f, selected } : f)),
        })),
      ),
    onError: (_error, _variables, context) => restoreFolders(queryClient, context),
    onSettled: () =>
      queryClient.isMutating({ mutationKey: selectionMutationKey }) === 1 ? invalidateLibrary(queryClient) : undefined,
  });
}

/** POST /api/folders/{id}/files for each folder, then requirements §4: 'paper-attached' refreshes every view. */
export function useAddToFoldersMutation() {
  return useMutation({
    mutationFn: async ({ folderIds, paper }: { folderIds: Iterable<number>; paper: TPaperRef }) => {
      for (const folderId of folderIds) {
        expectStatus(await apiClient.folders.addFile({ params: { id: pathSegment(folderId) }, body: paper }), 200, 201);
      }
    },
    onSuccess: announcePaperAttached,
  });
}

/** DELETE /api/folders/{id}/files/{fileId}: 204 means success; requirements §8: otherwise 'Delete from folder failed'. */
export function useRemoveFileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Pick<TFolderFile, 'folder_id' | 'paper_id' | 'platform'>) => {
      if (file.folder_id == null) throw new Error('No folder selected');
      const response = await apiClient.folders.removeFile({
        params: { id: pathSegment(file.folder_id), fileId: pathSegment(file.paper_id) },
        query: { platform: file.platform },
      });
      if (response.status !== 204) throw new Error('Delete from folder failed');
    },
    onSuccess: () => invalidateLibrary(queryClient),
  });
}

/** Mounted once (the header's File List toggle): turns the spec's 'paper-attached' event into an invalidation. */
export function useInvalidateOnPaperAttached(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onAttached = () => void invalidateLibrary(queryClient);
    window.addEventListener(PAPER_ATTACHED_EVENT, onAttached);
    return () => window.removeEventListener(PAPER_ATTACHED_EVENT, onAttached);
  }, [queryClient]);
}
