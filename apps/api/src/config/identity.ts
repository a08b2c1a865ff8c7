import { z } from 'zod';
import { ZOriginUrl, zFlag, zOptional } from './fields';

/** User sessions, signed PDF URLs and Google sign-in. */
export const identityEnv = {
  // docs/security.md#sessions (sessions): ids that end, and short-lived signed PDF URLs instead of ?uid=.
  /** An X-User-ID unused for longer than this many days is refused with 401 (refreshed on use). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(400),
  /** HMAC key of signed PDF URLs; set the same value on every replica. Unset: generated under DATA_DIR. */
  PDF_URL_SECRET: zOptional(z.string().min(32, 'must be at least 32 characters')),
  /** How long a signed PDF URL stays valid, in seconds. */
  PDF_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),

  // README: Google sign-in (docs/security.md#sessions). No GOOGLE_CLIENT_ID: sign-in is off (the route answers 501).
  /** The OAuth client id (Web application) ID tokens must be issued for (their `aud`). */
  GOOGLE_CLIENT_ID: zOptional(z.string()),
  /** Google's signing keys (JWKS), fetched and cached; tests point it at a local server. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** The Google Identity Services script the web app loads; its origin joins the CSP when sign-in is on. */
  GOOGLE_GSI_SCRIPT_URL: ZOriginUrl.default('https://accounts.google.com/gsi/client'),
};

/** https, or http on this machine only (the tests' provider listens on 127.0.0.1). */
const ZIssuerUrl = z
  .string()
  .url()
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname));
  }, 'must be an https URL (http only for 127.0.0.1 or localhost)');

/**
 * docs/deploy.md#sign-in-with-openid-connect (docs/security.md#openid-connect): any OpenID Connect provider
 * (Keycloak, Authentik, Entra, Okta) or ORCID. No OIDC_ISSUER_URL and no OIDC_PRESET: the button is not shown
 * and the routes answer 501. Presets and defaults are resolved by oidcSettings (modules/identity/oidc-settings.ts).
 */
export const oidcEnv = {
  /** `orcid`: issuer https://orcid.org, scopes `openid`, label "ORCID" (each still overridable). */
  OIDC_PRESET: zOptional(z.enum(['orcid'])),
  /** The issuer; its /.well-known/openid-configuration is fetched (discovery). */
  OIDC_ISSUER_URL: zOptional(ZIssuerUrl),
  /** The client registered at the provider (redirect URI: <PUBLIC_URL>/api/auth/oidc/callback). */
  OIDC_CLIENT_ID: zOptional(z.string().max(500)),
  /** The client's secret (sent as client_secret_post); unset for a public client (PKCE alone). */
  OIDC_CLIENT_SECRET: zOptional(z.string().max(500)),
  /** The button's label: "Sign in with <OIDC_NAME>". */
  OIDC_NAME: zOptional(z.string().max(60)),
  /** Space-separated scopes asked for; must include `openid`. Default `openid email profile`. */
  OIDC_SCOPES: zOptional(
    z.string().refine((value) => value.split(/\s+/).includes('openid'), 'must include the `openid` scope'),
  ),
  /**
   * true: an email without an `email_verified` claim is taken as verified (Entra sends none; set only when the
   * provider issues addresses it controls). An `email_verified: false` is refused either way.
   */
  OIDC_ASSUME_EMAIL_VERIFIED: zFlag(false),
};

type OidcEnv = Partial<{ [K in keyof typeof oidcEnv]: z.output<(typeof oidcEnv)[K]> }>;

/** docs/deploy.md#sign-in-with-openid-connect: a provider without a client id (or the reverse) is a mistake, not a mode. */
export function requireCompleteOidc(env: OidcEnv, ctx: z.RefinementCtx) {
  const provider = env.OIDC_ISSUER_URL ?? env.OIDC_PRESET;
  if (provider && !env.OIDC_CLIENT_ID)
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_CLIENT_ID'],
      message: 'required when OIDC_ISSUER_URL or OIDC_PRESET is set',
    });
  if (!provider && (env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET))
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER_URL'],
      message: 'required when OIDC_CLIENT_ID is set (or set OIDC_PRESET)',
    });
}
