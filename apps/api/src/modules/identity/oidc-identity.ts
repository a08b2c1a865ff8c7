import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { NamedIdentity } from './account-merge.repo';
import type { VerifiedClaims } from './oidc-client';
import type { OidcSettings } from './oidc-settings';

/**
 * docs/security.md#openid-connect (what is stored): what sign-in keeps of a verified ID token. The account's
 * key is `oidc:<issuer>#<sub>` (Google's stay `google:<sub>`): a subject is unique only within its issuer.
 */

const noNul = (value: string) => !value.includes('\0');
const ZText = (max: number) => z.string().max(max).refine(noNul);
const ZClaims = z.object({
  sub: z.string().min(1).max(255).refine(noNul),
  email: z.string().max(320).email().refine(noNul).optional(),
  // Some providers send the JSON string "true"; anything but true/"true" is not a verification.
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  name: ZText(500).optional(),
  given_name: ZText(250).optional(),
  family_name: ZText(250).optional(),
  preferred_username: ZText(250).optional(),
  picture: ZText(2000).optional(),
});

const refused = (reason: string) => new AppError('UNAUTHORIZED', `Sign-in refused: ${reason}`);

/** ORCID iDs are 16 digits (the last may be X) in four groups: safe as the local part of an address. */
const ORCID_ID = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

function emailOf(claims: z.infer<typeof ZClaims>, settings: OidcSettings): string {
  if (settings.emailless) {
    if (!ORCID_ID.test(claims.sub)) throw refused("the ID token's subject is not an ORCID iD");
    return `${claims.sub.toLowerCase()}@orcid.invalid`;
  }
  if (!claims.email)
    throw refused(`${settings.name} sent no email address: the client must be granted the \`email\` scope`);
  const verified = claims.email_verified;
  if (verified === undefined ? !settings.assumeEmailVerified : verified !== true && verified !== 'true')
    throw refused(`${settings.name} has not verified this account's email`);
  return claims.email.toLowerCase();
}

export function identityOf(verified: VerifiedClaims, settings: OidcSettings): NamedIdentity {
  const parsed = ZClaims.safeParse(verified);
  if (!parsed.success) throw refused(`the ID token's "${String(parsed.error.issues[0]?.path[0])}" claim is not valid`);
  const claims = parsed.data;
  const email = emailOf(claims, settings);
  const fullName = [claims.given_name, claims.family_name].filter(Boolean).join(' ');
  const name =
    claims.name?.trim() ||
    fullName.trim() ||
    claims.preferred_username?.trim() ||
    (settings.emailless ? claims.sub : email);
  return {
    providerSubject: `oidc:${verified.iss}#${claims.sub}`,
    email,
    name,
    picture: claims.picture && /^https:\/\//i.test(claims.picture) ? claims.picture : null,
  };
}
