import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';

/** The OpenID Connect provider this server signs people in with, presets and defaults resolved. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone, token_endpoint_auth_method `none`). */
  clientSecret: string | undefined;
  /** The button's label. */
  name: string;
  /** Space-separated. */
  scopes: string;
  /** Where the provider sends the browser back: the redirect URI an operator registers. */
  redirectUri: string;
  /**
   * ORCID: its ID token names no email. docs/security.md#openid-connect: the account's email is then the
   * non-deliverable `<ORCID iD>@orcid.invalid` (RFC 2606 reserves .invalid), so users_named_together holds
   * and a shared folder can be granted to an ORCID iD.
   */
  emailless: boolean;
  assumeEmailVerified: boolean;
}

type OidcConfig = Pick<
  Config,
  | 'OIDC_PRESET'
  | 'OIDC_ISSUER_URL'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_NAME'
  | 'OIDC_SCOPES'
  | 'OIDC_ASSUME_EMAIL_VERIFIED'
  | 'PUBLIC_URL'
>;

/** The routes' paths, fixed: the redirect URI is registered at the provider. */
export const OIDC_LOGIN_PATH = '/api/auth/oidc/login';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

const PRESETS = {
  orcid: { issuer: 'https://orcid.org', scopes: 'openid', name: 'ORCID', emailless: true },
} as const;

/** docs/deploy.md#sign-in-with-openid-connect: null when no provider is configured. */
export function oidcSettings(config: OidcConfig): OidcSettings | null {
  const preset = config.OIDC_PRESET ? PRESETS[config.OIDC_PRESET] : undefined;
  const issuer = config.OIDC_ISSUER_URL ?? preset?.issuer;
  if (!issuer || !config.OIDC_CLIENT_ID) return null;
  return {
    issuer,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    name: config.OIDC_NAME ?? preset?.name ?? 'OpenID Connect',
    scopes: config.OIDC_SCOPES ?? preset?.scopes ?? 'openid email profile',
    redirectUri: `${config.PUBLIC_URL}${OIDC_CALLBACK_PATH}`,
    emailless: preset?.emailless ?? false,
    assumeEmailVerified: config.OIDC_ASSUME_EMAIL_VERIFIED,
  };
}

/** Without a provider the OIDC routes answer 501 whatever they are sent. */
export function requireOidc(settings: OidcSettings | null): OidcSettings {
  if (!settings) {
    throw new AppError(
      'NOT_IMPLEMENTED',
      'OpenID Connect sign-in is not configured on this server: set OIDC_ISSUER_URL and OIDC_CLIENT_ID',
    );
  }
  return settings;
}
