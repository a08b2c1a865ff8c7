import type { TAssignableRole, TPaperRef, TSharedFolder } from '@paperbench/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { parseApiError } from '../../api/parse-api-error';
import { invalidateLibrary } from '../library/api';
import { announceFolderShared } from './share-folder-success';

/**
 * The forum domain (requirements §3 Shared folder, §4 Folder sharing, §7 Sharing and forum): shared folders,
 * their mode and members, and the papers of one shared folder (GET/POST/DELETE /api/folders/{id}/files,
 * which the server opens to a shared folder's viewers and editors).
 */
export const forumKeys = {
  all: ['forum'] as const,
  list: () => [...forumKeys.all, 'list'] as const,
  folder: (folderId: number) => [...forumKeys.all, 'folder', folderId] as const,
  detail: (folderId: number) => [...forumKeys.folder(folderId), 'detail'] as const,
  files: (folderId: number) => [...forumKeys.folder(folderId), 'files'] as const,
};

/** After any change to sharing: the forum views and the File List (its 'S' badge) read afresh. */
async function forumChanged(queryClient: QueryClient, folder?: TSharedFolder) {
  if (folder) queryClient.setQueryData(forumKeys.detail(folder.folder_id), folder);
  await Promise.all([queryClient.invalidateQueries({ queryKey: forumKeys.all }), invalidateLibrary(queryClient)]);
}

export const forumListQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.list(),
    queryFn: async () => expectStatus(await apiClient.forum.list(), 200).body,
    staleTime: 30_000,
  });

/** GET /api/forum/: the folders the caller shares, is a member of, or (public ones) has opened. */
export function useForumListQuery() {
  return useQuery(forumListQueryOptions());
}

/** True when a failed read is the server's 404: the folder does not exist or the caller may not see it. */
export const isNotFound = (error: unknown) => parseApiError(error).status === 404;

export const sharedFolderQueryOptions = (folderId: number) =>
  queryOptions({
    queryKey: forumKeys.detail(folderId),
    queryFn: async () => expectStatus(await apiClient.forum.get({ params: { id: pathSegment(folderId) } }), 200).body,
    staleTime: 0,
  });

/** GET /api/forum/{id}: the folder's name, mode, the caller's role and abilities, members for managers. */
export function useSharedFolderQuery(folderId: number) {
  return useQuery(sharedFolderQueryOptions(folderId));
}

export const sharedFolderFilesQueryOptions = (folderId: number) =>
  queryOptions({
    queryKey: forumKeys.files(folderId),
    queryFn: async () =>
      expectStatus(await apiClient.folders.listFiles({ params: { id: pathSegment(folderId) } }), 200).body,
    staleTime: 0,
  });

/** GET /api/folders/{id}/files: the papers of a shared folder (viewers and public visitors read them). */
export function useSharedFolderFilesQuery(folderId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sharedFolderFilesQueryOptions(folderId), enabled });
}

/**
 * POST /api/forum/: requirements §4 Folder sharing. On success the window event 'share-folder-success' fires
 * (once per share) and the folders read afresh, so the folder shows its 'S' badge.
 */
export function useShareFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ folderId, isPublic }: { folderId: number; isPublic: boolean }) =>
      expectStatus(await apiClient.forum.create({ body: { folder_id: folderId, is_public: isPublic } }), 200, 201).body,
    onSuccess: async (folder) => {
      announceFolderShared();
      await forumChanged(queryClient, folder);
    },
  });
}

/** DELETE /api/forum/{id}: stop sharing (the folder and its files stay). */
export function useStopSharingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (folderId: number) =>
      expectStatus(await apiClient.forum.remove({ params: { id: pathSegment(folderId) } }), 200).body,
    onSuccess: async (_ok, folderId) => {
      queryClient.removeQueries({ queryKey: forumKeys.folder(folderId) });
      await forumChanged(queryClient);
    },
  });
}

/** PATCH /api/forum/{id}/mode: make a shared folder public or private. */
export function useSetForumModeMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isPublic: boolean) =>
      expectStatus(
        await apiClient.forum.setMode({ params: { id: pathSegment(folderId) }, body: { is_public: isPublic } }),
        200,
      ).body,
    onSuccess: () => forumChanged(queryClient),
  });
}

/** POST /api/forum/{id}/add_user: give an email a role (409 when it already has one). */
export function useAddForumUserMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, role }: { email: string; role: TAssignableRole }) =>
      expectStatus(await apiClient.forum.addUser({ params: { id: pathSegment(folderId) }, body: { email, role } }), 201)
        .body,
    onSuccess: (folder) => forumChanged(queryClient, folder),
  });
}

/** PATCH /api/forum/{id}/update_user_role. */
export function useUpdateForumUserRoleMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, role }: { email: string; role: TAssignableRole }) =>
      expectStatus(
        await apiClient.forum.updateUserRole({ params: { id: pathSegment(folderId) }, body: { email, role } }),
        200,
      ).body,
    onSuccess: (folder) => forumChanged(queryClient, folder),
  });
}

/** DELETE /api/forum/{id}/remove_user. */
export function useRemoveForumUserMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      expectStatus(await apiClient.forum.removeUser({ params: { id: pathSegment(folderId) }, body: { email } }), 200)
        .body,
    onSuccess: (folder) => forumChanged(queryClient, folder),
  });
}

/** POST /api/folders/{id}/files for a shared folder (editors): the folder's papers and counts read afresh. */
export function useAddSharedFolderFileMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paper: TPaperRef) =>
      expectStatus(await apiClient.folders.addFile({ params: { id: pathSegment(folderId) }, body: paper }), 200, 201)
        .body,
    onSettled: () => forumChanged(queryClient),
  });
}

/** DELETE /api/folders/{id}/files/{fileId} for a shared folder (editors); 204 means success. */
export function useRemoveSharedFolderFileMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paper: TPaperRef) => {
      const response = await apiClient.folders.removeFile({
        params: { id: pathSegment(folderId), fileId: pathSegment(paper.paper_id) },
        query: { platform: paper.platform },
      });
      if (response.status !== 204) throw response;
    },
    onSuccess: () => forumChanged(queryClient),
  });
}
