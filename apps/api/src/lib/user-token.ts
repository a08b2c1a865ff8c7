import { createHash, randomBytes } from 'node:crypto';

/** A new user id: 128 random bits as 22 base64url characters (architecture: ids are bearer tokens). */
export function generateUserToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out working ids. */
export function hashUserToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
