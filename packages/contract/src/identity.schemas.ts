import { z } from 'zod';
import { zText } from './common';

/** Header that carries the caller's id (requirements §1); also the local-storage key. */
export const USER_ID_HEADER = 'X-User-ID';

/** An issued user id: 128 random bits, base64url. A bearer credential: keep it secret. */
export const ZUserId = zText().regex(/^[A-Za-z0-9_-]{22}$/, 'not a user id issued by this server');

export const ZGetIdResponse = z.object({ user_id: ZUserId });

export const ZGoogleLoginRequest = z.object({
  /** The identity provider's ID token (a JWT). */
  credential: zText().min(1),
});

/**
 * GET /api/auth/config: whether sign-in is offered here (README: Google sign-in). With no client id the
 * header shows no sign-in button and POST /api/auth/google-login answers 501.
 */
export const ZAuthConfig = z.object({
  google_client_id: zText().nullable(),
  /** Where the Google Identity Services script loads from (GOOGLE_GSI_SCRIPT_URL). */
  gsi_script_url: zText().url(),
  /**
   * docs/security.md#openid-connect: the OpenID Connect provider (OIDC_NAME), or null when none is configured.
   * The web app POSTs `start_url` (with X-User-ID) and sends the browser to the `login_url` it answers.
   */
  oidc: z.object({ name: zText(), start_url: zText() }).nullable(),
});

/**
 * Where to come back to after signing in: a path of this site (`/folders?x=1`), never another origin
 * (`//evil.example`, `https://…`, `/\\evil.example` are refused: no open redirect). The fragment is dropped.
 */
export const ZReturnTo = zText()
  .max(2000)
  .regex(/^\/(?![/\\])[^\\\s]*$/, 'must be a path of this site, starting with a single /');

export const ZOidcStartRequest = z.object({ return_to: ZReturnTo.default('/') });
export const ZOidcStartResponse = z.object({
  /** GET /api/auth/oidc/login?state=…: a navigation to it redirects to the provider. */
  login_url: zText(),
});
export const ZOidcLoginQuery = z.object({ state: zText().min(1).max(200) });
/** What the provider sends back (RFC 6749 §4.1.2, RFC 9207 `iss`): every field optional, checked by the server. */
export const ZOidcCallbackQuery = z
  .object({
    code: zText().max(2000),
    state: zText().max(200),
    iss: zText().max(2000),
    error: zText().max(200),
    error_description: zText().max(2000),
  })
  .partial()
  .passthrough();
export const ZOidcCompleteRequest = z.object({
  /** The one-time code the callback put in the web app's URL fragment (#oidc_code=…). */
  code: zText().min(1).max(200),
});
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

/** requirements §3 User (cached locally). */
export const ZUser = z.object({
  email: zText().email(),
  name: zText(),
  picture: zText().url().nullable(),
  user_id: ZUserId,
});
export type TUser = z.infer<typeof ZUser>;

/** requirements §3 Browser storage keys. */
export const STORAGE_KEYS = { userId: USER_ID_HEADER, user: 'user', uuid: 'uuid' } as const;

/**
 * requirements §3 Browser storage: what local storage holds under STORAGE_KEYS (all optional; `user` is ZUser as JSON).
 * Session storage holds scroll positions per path under SCROLL_KEY_PREFIX + path.
 */
export const ZLocalStorage = z.object({
  [USER_ID_HEADER]: ZUserId.optional(),
  user: zText().optional(),
  uuid: zText().optional(),
});
export type TLocalStorage = z.infer<typeof ZLocalStorage>;

/** requirements §2: scroll position of each path, saved in session storage. */
export const SCROLL_KEY_PREFIX = 'scroll:';
