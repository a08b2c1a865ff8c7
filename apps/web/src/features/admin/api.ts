import type { TAdminBackup, TAdminUser } from '@paperbench/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedFetch } from '../../api/api-fetcher';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { saveBlob } from '../../lib/save-blob';

/**
 * docs/deploy.md#the-admin-page: the /admin page's calls. Every one answers 404 to anyone but an administrator;
 * the page shows the 404 page then.
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string) => [...adminKeys.all, 'users', search] as const,
  usage: () => [...adminKeys.all, 'usage'] as const,
  queue: () => [...adminKeys.all, 'queue'] as const,
  corpus: () => [...adminKeys.all, 'corpus'] as const,
  ai: () => [...adminKeys.all, 'ai'] as const,
  backups: () => [...adminKeys.all, 'backups'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
};

/** GET /api/admin/users?q=: signed-in users with their counts; the previous list stays while a search loads. */
export function useAdminUsersQuery(search: string) {
  return useQuery({
    queryKey: adminKeys.users(search),
    queryFn: async () => expectStatus(await apiClient.admin.users({ query: search ? { q: search } : {} }), 200).body,
    placeholderData: keepPreviousData,
  });
}

const usageQuery = () =>
  queryOptions({
    queryKey: adminKeys.usage(),
    queryFn: async () => expectStatus(await apiClient.admin.usage(), 200).body,
  });
export const useAdminUsageQuery = () => useQuery(usageQuery());

export const useAdminQueueQuery = () =>
  useQuery({
    queryKey: adminKeys.queue(),
    queryFn: async () => expectStatus(await apiClient.admin.queue(), 200).body,
  });

export const useAdminCorpusQuery = () =>
  useQuery({
    queryKey: adminKeys.corpus(),
    queryFn: async () => expectStatus(await apiClient.admin.corpus(), 200).body,
  });

export const useAdminAiQuery = () =>
  useQuery({
    queryKey: adminKeys.ai(),
    queryFn: async () => expectStatus(await apiClient.admin.ai(), 200).body,
  });

export const useAdminBackupsQuery = () =>
  useQuery({
    queryKey: adminKeys.backups(),
    queryFn: async () => expectStatus(await apiClient.admin.backups(), 200).body,
  });

export const useAdminAuditQuery = () =>
  useQuery({
    queryKey: adminKeys.audit(),
    queryFn: async () => expectStatus(await apiClient.admin.audit(), 200).body,
  });

/** Every action changes the audit log and maybe any section: all of the page is read again. */
function useAdminAction<TInput, TOutput = unknown>(action: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useDisableUserMutation = () =>
  useAdminAction(async (user: TAdminUser) =>
    expectStatus(await apiClient.admin.disableUser({ params: { id: pathSegment(user.id) } }), 200),
  );

export const useEnableUserMutation = () =>
  useAdminAction(async (user: TAdminUser) =>
    expectStatus(await apiClient.admin.enableUser({ params: { id: pathSegment(user.id) } }), 200),
  );

export const useDeleteUserMutation = () =>
  useAdminAction(async (user: TAdminUser) =>
    expectStatus(await apiClient.admin.deleteUser({ params: { id: pathSegment(user.id) } }), 204),
  );

export const useRetryJobMutation = () =>
  useAdminAction(async (jobId: number) =>
    expectStatus(await apiClient.admin.retryJob({ params: { id: pathSegment(jobId) } }), 200),
  );

export const useDiscardJobMutation = () =>
  useAdminAction(async (jobId: number) =>
    expectStatus(await apiClient.admin.discardJob({ params: { id: pathSegment(jobId) } }), 204),
  );

export const useHarvestNowMutation = () =>
  useAdminAction<undefined>(async () => expectStatus(await apiClient.admin.harvestNow(), 202).body);

/** GET /api/admin/backups/:name, fetched with X-User-ID (a plain link cannot send it) and saved under its name. */
export const useDownloadBackupMutation = () =>
  useAdminAction(async (backup: TAdminBackup) => {
    const response = await authorizedFetch(`/api/admin/backups/${pathSegment(backup.name)}`, {});
    if (!response.ok) throw { status: response.status, body: await response.json().catch(() => null) };
    saveBlob(await response.blob(), backup.name);
  });

/**
 * POST /api/admin/backups/:name/verify: the archive checked as a restore would check it. The report is the
 * mutation's data (a damaged archive is a report with ok false, not an error); the audit log gains its row.
 */
export const useVerifyBackupMutation = () =>
  useAdminAction(
    async (backup: TAdminBackup) =>
      expectStatus(await apiClient.admin.verifyBackup({ params: { name: pathSegment(backup.name) } }), 200).body,
  );
