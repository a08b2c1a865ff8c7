/**
 * A quick check before the server's (zod's) own: something@something.tld, no spaces. The server has
 * the last word; this only spares a round trip for obvious typos.
 */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
