import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';

/**
 * docs/security.md#sessions (token verification): a Google ID token is accepted only when its RS256
 * signature verifies against Google's published keys (GOOGLE_JWKS_URL, fetched and cached by jose), its
 * issuer is Google's, its audience is exactly this server's GOOGLE_CLIENT_ID (and so is its presenter,
 * `azp`, when named), it has not expired, it carries its `jti` (sign-in accepts each token once) and
 * Google says the email is verified. Anything else is 401; Google's keys out of reach is 503.
 */

/** Google issues ID tokens under either spelling (Google Identity: "Verify the integrity of the ID token"). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** What sign-in keeps of a verified token. */
export interface GoogleIdentity {
  /** 'google:' + sub: the stable key of the account (an email may change, the subject does not). */
  providerSubject: string;
  /** Lower-cased. */
  email: string;
  name: string;
  picture: string | null;
  /** The token's `jti`: sign-in records it, and refuses the token a second time. */
  tokenId: string;
  /** The token's expiry: until then its `jti` is kept. */
  expiresAt: Date;
}

export type GoogleTokenVerifier = (credential: string) => Promise<GoogleIdentity>;

const noNul = (value: string) => !value.includes('\0');
const ZClaims = z.object({
  sub: z.string().min(1).max(255).refine(noNul),
  email: z.string().max(320).email().refine(noNul),
  email_verified: z.literal(true, { message: 'the email is not verified' }),
  jti: z.string().min(1).max(255).refine(noNul),
  exp: z.number(),
  name: z.string().max(500).refine(noNul).optional(),
  picture: z.string().max(2000).url().refine(noNul).optional(),
});

const refused = (reason: string) => new AppError('UNAUTHORIZED', `Google sign-in refused: ${reason}`);

/** Why jose refused the token, in words a client can act on (never the token itself). */
function reasonOf(error: errors.JOSEError): string {
  if (error instanceof errors.JWTExpired) return 'the ID token has expired; sign in again';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'the ID token was issued for another client (audience)';
    if (error.claim === 'iss') return 'the ID token was not issued by Google (issuer)';
    return `the ID token's "${error.claim}" claim is not valid`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return "the ID token's signature does not verify against Google's keys";
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the ID token is not signed with RS256';
  return 'the credential is not a valid ID token';
}

/**
 * jose accepts an audience list that merely includes ours. Google issues a token for one client: the
 * audience must be our id alone (a list of just it is the same), and a named presenter must be us too
 * (OpenID Connect Core 3.1.3.7), else a token issued to another client would sign in here.
 */
function audienceReason(payload: JWTPayload, clientId: string): string | undefined {
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length !== 1 || audiences[0] !== clientId)
    return 'the ID token was issued for other clients as well (audience)';
  if (payload.azp !== undefined && payload.azp !== clientId)
    return 'the ID token was presented by another client (azp)';
  return undefined;
}

/** Errors of fetching the key set (unreachable, timed out, not 200, not a JWKS): the server's problem, not the token's. */
function isKeySetUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    // jose reports a non-200 answer of the JWKS URL as a generic error.
    error.code === 'ERR_JOSE_GENERIC'
  );
}

/** README: Google sign-in. Without GOOGLE_CLIENT_ID the route answers 501 whatever it is sent. */
export function assertSignInConfigured(config: Pick<Config, 'GOOGLE_CLIENT_ID'>): string {
  if (!config.GOOGLE_CLIENT_ID) {
    throw new AppError('NOT_IMPLEMENTED', 'Sign-in is not configured on this server: set GOOGLE_CLIENT_ID');
  }
  return config.GOOGLE_CLIENT_ID;
}

/** One verifier per server: the key set is fetched on first use and cached (jose refetches on an unknown kid). */
export function createGoogleTokenVerifier(
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_JWKS_URL'>,
): GoogleTokenVerifier {
  const keys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: 5000 });
  return async (credential) => {
    const clientId = assertSignInConfigured(config);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError && !isKeySetUnavailable(error)) throw refused(reasonOf(error));
      if (error instanceof TypeError && !/fetch/i.test(error.message))
        throw refused('the credential is not a valid ID token');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        "Google's signing keys could not be fetched (GOOGLE_JWKS_URL); try signing in again later",
      );
    }
    const mismatch = audienceReason(payload, clientId);
    if (mismatch) throw refused(mismatch);
    const claims = ZClaims.safeParse(payload);
    if (!claims.success) {
      const issue = claims.error.issues[0];
      const reason =
        issue?.path[0] === 'email_verified'
          ? "Google has not verified this account's email"
          : `the ID token's "${String(issue?.path[0])}" claim is missing or not valid`;
      throw refused(reason);
    }
    const { sub, email, name, picture, jti, exp } = claims.data;
    return {
      providerSubject: `google:${sub}`,
      email: email.toLowerCase(),
      name: name?.trim() || email,
      picture: picture && /^https:\/\//i.test(picture) ? picture : null,
      tokenId: jti,
      expiresAt: new Date(exp * 1000),
    };
  };
}
