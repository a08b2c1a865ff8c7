import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIX } from '@paperbench/contract';

/**
 * docs/security.md#personal-access-tokens: a secret is `pbt_` + 32 random bytes as base64url (43
 * characters). Only its SHA-256 is stored (a 256-bit random secret cannot be guessed, so a slow password
 * hash would add nothing), beside a short prefix the row is found by.
 */
const SECRET_PATTERN = /^pbt_[A-Za-z0-9_-]{43}$/;
/** Characters after `pbt_` kept in clear as the lookup key (48 bits: tells tokens apart, useless alone). */
const LOOKUP_CHARS = 8;

export interface NewSecret {
  secret: string;
  /** The lookup key stored in clear: the characters after `pbt_`. */
  prefix: string;
  hash: string;
}

export const isWellFormedSecret = (candidate: string): boolean => SECRET_PATTERN.test(candidate);

/** The stored lookup key of a well-formed secret. */
export const lookupPrefixOf = (secret: string): string =>
  secret.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + LOOKUP_CHARS);

/** What the list shows of a token: `pbt_` and its lookup key. */
export const displayPrefix = (lookupPrefix: string): string => `${TOKEN_PREFIX}${lookupPrefix}`;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function generateSecret(): NewSecret {
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: lookupPrefixOf(secret), hash: hashSecret(secret) };
}

/** Constant-time comparison of a presented secret's hash with a stored one (both hex SHA-256). */
export function hashMatches(presentedHash: string, storedHash: string): boolean {
  const a = Buffer.from(presentedHash, 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
