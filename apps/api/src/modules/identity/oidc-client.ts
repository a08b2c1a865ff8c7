import * as oidc from 'openid-client';
import { AppError } from '../../lib/app-error';
import type { OidcSettings } from './oidc-settings';

/**
 * docs/security.md#openid-connect: the OpenID Connect relying party, through openid-client (panva): discovery
 * from the issuer, the authorization code flow with PKCE (S256), state and nonce, and the code exchange whose
 * ID token openid-client verifies (signature against the provider's JWKS, issuer, audience, expiry, nonce).
 */

/** What the browser is sent to the provider with, and what the callback must check against. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The ID token's claims, verified. */
export type VerifiedClaims = oidc.IDToken;

export interface OidcClient {
  /** Discovery (cached) and a fresh state, nonce and PKCE verifier; 502 when the provider is out of reach. */
  authorizationRequest(): Promise<AuthorizationRequest>;
  /** The callback's URL exchanged for a verified ID token; 401 when any check fails, 502 when the provider is down. */
  exchange(callbackUrl: URL, checks: Omit<AuthorizationRequest, 'url'>): Promise<VerifiedClaims>;
}

const unreachable = (what: string) =>
  new AppError('BAD_GATEWAY', `The sign-in provider could not be reached (${what}); try again later`);

const refused = (reason: string) => new AppError('UNAUTHORIZED', `Sign-in refused: ${reason}`);

/** Whether an error is the provider's (down, timed out, answering garbage) rather than the response's checks failing. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  if (error instanceof oidc.ClientError)
    return ['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_TIMEOUT'].includes(error.code ?? '');
  return false;
}

/** Why a callback was refused, in words a person can act on (never a token). */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError)
    return `the provider answered "${error.error}"${error.error_description ? `: ${error.error_description}` : ''}`;
  if (error instanceof oidc.ResponseBodyError)
    return error.error === 'invalid_grant'
      ? 'the provider refused the code (already used or expired); sign in again'
      : `the provider refused the code exchange ("${error.error}")`;
  const text = `${error instanceof Error ? error.message : ''} ${
    error instanceof Error && error.cause instanceof Error ? error.cause.message : ''
  }`;
  if (/"exp"|expir/i.test(text)) return 'the ID token has expired; sign in again';
  if (/nonce/i.test(text)) return "the ID token's nonce does not match this sign-in";
  if (/"state"/i.test(text)) return 'the state does not match this sign-in';
  if (/"aud"|audience/i.test(text)) return 'the ID token was issued for another client (audience)';
  if (/"iss"|issuer/i.test(text)) return 'the answer was not issued by the configured provider (issuer)';
  if (/signature/i.test(text)) return "the ID token's signature does not verify against the provider's keys";
  return 'the provider’s answer did not pass verification';
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  const issuer = new URL(settings.issuer);
  const local = issuer.protocol === 'http:';
  let discovered: Promise<oidc.Configuration> | undefined;

  const configuration = () => {
    discovered ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        // client_secret_post: openid-client's default for a secret, and a method the providers of
        // docs/deploy.md#sign-in-with-openid-connect accept (ORCID's documented one); no secret: PKCE alone.
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        { timeout: 10, ...(local ? { execute: [oidc.allowInsecureRequests] } : {}) },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async authorizationRequest() {
      let config: oidc.Configuration;
      try {
        config = await configuration();
      } catch {
        throw unreachable(`discovery at ${settings.issuer}`);
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      let config: oidc.Configuration;
      try {
        config = await configuration();
      } catch {
        throw unreachable(`discovery at ${settings.issuer}`);
      }
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw refused('the provider sent no ID token');
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isUnreachable(error)) throw unreachable('token endpoint');
        throw refused(reasonOf(error));
      }
    },
  };
}
