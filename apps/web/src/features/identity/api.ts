import { contract, type TUser } from '@paperbench/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { initClient, tsRestFetchApi } from '@ts-rest/core';
import { authorizedFetch } from '../../api/api-fetcher';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';
import { ensureUserId } from '../../api/identity';
import { timeoutSignal } from '../../api/request-timeout';
import { saveBlob } from '../../lib/save-blob';
import { clearStoredUserId, readStoredUserId, storeUserId } from '../../lib/user-id-storage';
import { clearCachedUser, storeCachedUser, useCachedUser } from './cached-user';
import { pageNavigation } from './page-navigation';

/**
 * The identity domain (requirements §1 Identity, §4 sign-in and logout) and the /profile page's calls:
 * sign-in configuration, Google sign-in, logout, the profile, its exports and account deletion.
 */
export const identityKeys = {
  all: ['identity'] as const,
  config: () => [...identityKeys.all, 'config'] as const,
  profile: () => [...identityKeys.all, 'profile'] as const,
};

/**
 * The calls that act on the session itself send the stored X-User-ID as is. The shared fetcher would
 * answer a 401 by dropping the id and retrying under a fresh one, which here is wrong: a refused Google
 * credential must not cost the visitor their anonymous id (and its folders), and logout or account
 * deletion must never run against a new id that was issued in passing.
 */
const sessionClient = initClient(contract, {
  baseUrl: '',
  baseHeaders: { accept: 'application/json' },
  api: (args) => {
    const headers = { ...args.headers };
    const userId = readStoredUserId();
    if (userId) headers['x-user-id'] = userId;
    const signal = timeoutSignal(args.fetchOptions?.signal);
    return tsRestFetchApi({ ...args, headers, fetchOptions: { ...args.fetchOptions, signal } });
  },
});

export const authConfigQuery = () =>
  queryOptions({
    queryKey: identityKeys.config(),
    queryFn: async () => expectStatus(await apiClient.identity.config(), 200).body,
    // Set by the server's environment: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/auth/config: whether sign-in is offered here and where the GIS script loads from. */
export function useAuthConfigQuery() {
  return useQuery(authConfigQuery());
}

/** requirements §4 sign-in: the server's answer is stored (the user, and its user_id as X-User-ID), then the page reloads. */
export async function signInWithGoogle(credential: string): Promise<TUser> {
  // The first sign-in names this browser's anonymous user, so it must have one (contract: needs X-User-ID).
  await ensureUserId();
  const user = expectStatus(await sessionClient.identity.googleLogin({ body: { credential } }), 200).body;
  storeUserId(user.user_id);
  storeCachedUser(user);
  return user;
}

/** POST /api/auth/google-login with the GIS credential; on success the page reloads as the named user. */
export function useGoogleLoginMutation() {
  return useMutation({
    mutationFn: signInWithGoogle,
    onSuccess: () => pageNavigation.reload(),
  });
}

/**
 * docs/security.md#openid-connect, step 1: the sign-in is bound to this browser's id (a redirect cannot carry
 * X-User-ID), then the browser goes to the provider by way of GET /api/auth/oidc/login, returning to this page.
 */
export async function startOidcSignIn(): Promise<void> {
  await ensureUserId();
  const returnTo = `${window.location.pathname}${window.location.search}`;
  const started = expectStatus(await sessionClient.identity.oidcStart({ body: { return_to: returnTo } }), 200).body;
  pageNavigation.assign(started.login_url);
}

export function useOidcStartMutation() {
  return useMutation({ mutationFn: startOidcSignIn });
}

/** Step 4: the one-time code the callback left in the URL fragment, for the named identity (stored like Google's). */
export async function completeOidcSignIn(code: string): Promise<TUser> {
  const user = expectStatus(await sessionClient.identity.oidcComplete({ body: { code } }), 200).body;
  storeUserId(user.user_id);
  storeCachedUser(user);
  return user;
}

export function useOidcCompleteMutation() {
  return useMutation({
    mutationFn: completeOidcSignIn,
    onSuccess: () => pageNavigation.reload(),
  });
}

/** Drops the identity this browser holds and takes a fresh anonymous id (requirements §4 logout). */
async function forgetIdentity(): Promise<void> {
  clearCachedUser();
  clearStoredUserId();
  await ensureUserId();
}

/**
 * requirements §4 logout: POST /api/auth/logout revokes the id server-side, then the cached user and id are
 * cleared, a new anonymous id is fetched, and the page reloads (showing the sign-in button again).
 * A 401 means the server had already forgotten the id: logged out either way.
 */
export async function logOut(): Promise<void> {
  const response = await sessionClient.identity.logout();
  if (response.status !== 401) expectStatus(response, 204);
  await forgetIdentity();
}

export function useLogoutMutation() {
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => pageNavigation.reload(),
  });
}

export const profileQuery = () =>
  queryOptions({
    queryKey: identityKeys.profile(),
    queryFn: async () => expectStatus(await apiClient.profile.get(), 200).body,
  });

/** GET /api/profile: who the caller is (null while anonymous) and the library counts; read afresh on each visit. */
export function useProfileQuery() {
  return useQuery({ ...profileQuery(), refetchOnMount: 'always' });
}

/**
 * docs/deploy.md#the-admin-page: whether the signed-in caller administers this server (GET /api/profile's
 * is_admin), for the account menu's Admin link. Kept a few minutes: the answer changes only with ADMIN_EMAILS.
 */
export function useIsAdminQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQuery(), staleTime: 5 * 60_000, select: (profile) => profile.is_admin, enabled });
}

export type TAdminAccess = 'granted' | 'denied' | 'pending';

/**
 * docs/deploy.md#the-admin-page: whether the caller may see the admin screen. Anyone signed out is denied at once
 * (nothing is asked); a signed-in caller is pending until GET /api/profile says. Not needed (a route open to all),
 * nothing is fetched and the answer is 'pending'.
 */
export function useAdminAccess(isNeeded = true): TAdminAccess {
  const user = useCachedUser();
  const isAdmin = useIsAdminQuery({ enabled: isNeeded && user !== null });
  if (!user || isAdmin.isError || isAdmin.data === false) return 'denied';
  return isAdmin.data === true ? 'granted' : 'pending';
}

/** The file names of the downloads. */
export const EXPORT_FILENAME = 'paperbench-export.json';
export const LIBRARY_FILENAME = 'paperbench-library.bib';
export const LIBRARY_CSL_FILENAME = 'paperbench-library.json';

/** The library's two formats (docs/import-export.md#export): where each is read, its type, its file name. */
const LIBRARY_FORMATS = {
  bibtex: { path: '/api/profile/library.bib', type: 'application/x-bibtex', filename: LIBRARY_FILENAME },
  csljson: {
    path: '/api/profile/library.json',
    type: 'application/vnd.citationstyles.csl+json',
    filename: LIBRARY_CSL_FILENAME,
  },
} as const;

/** GET /api/profile/export, saved as paperbench-export.json. */
export function useExportDataMutation() {
  return useMutation({
    mutationFn: async () => {
      const data = expectStatus(await apiClient.profile.export(), 200).body;
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), EXPORT_FILENAME);
    },
  });
}

/** GET /api/profile/library.bib (or library.json: CSL-JSON), fetched with X-User-ID and saved as a file. */
export function useDownloadLibraryMutation() {
  return useMutation({
    mutationFn: async (format: keyof typeof LIBRARY_FORMATS) => {
      const { path, type, filename } = LIBRARY_FORMATS[format];
      const response = await authorizedFetch(path, { headers: { accept: type } });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw { status: response.status, body };
      }
      saveBlob(new Blob([await response.text()], { type }), filename);
    },
  });
}

/** The words the delete dialog asks for; also the request's confirmation (contract ZDeleteAccountRequest). */
export const DELETE_CONFIRMATION = 'delete my account';

/**
 * DELETE /api/profile: every row of the caller goes; then this browser forgets the identity, takes a new
 * anonymous id and starts over on the home page.
 */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async () => {
      const response = await sessionClient.profile.delete({ body: { confirm: DELETE_CONFIRMATION } });
      expectStatus(response, 204);
      await forgetIdentity();
    },
    onSuccess: () => pageNavigation.goHome(),
  });
}
