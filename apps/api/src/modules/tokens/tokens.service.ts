import {
  MAX_TOKENS_PER_USER,
  type TCreatedToken,
  type TCreateTokenRequest,
  type TToken,
  type TTokenScope,
} from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import {
  displayPrefix,
  generateSecret,
  hashMatches,
  hashSecret,
  isWellFormedSecret,
  lookupPrefixOf,
} from './token-secret';
import {
  countLiveTokens,
  deleteToken,
  insertToken,
  lockTokenOwner,
  selectLiveByPrefix,
  selectLiveTokens,
  type TokenRow,
  touchLastUsed,
} from './tokens.repo';

const present = (row: TokenRow): TToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: displayPrefix(row.prefix),
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

/**
 * docs/security.md#personal-access-tokens: a new token, its secret in this answer only. An expiry must be
 * in the future (400); beyond MAX_TOKENS_PER_USER live tokens the creation is 409.
 */
export async function createToken(db: Db, userId: number, request: TCreateTokenRequest): Promise<TCreatedToken> {
  const expiresAt = request.expires_at ? new Date(request.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('INVALID_REQUEST', 'expires_at must be in the future (or omitted: the token never expires)');
  }
  const { secret, prefix, hash } = generateSecret();
  const row = await db.transaction(async (tx) => {
    await lockTokenOwner(tx, userId);
    if ((await countLiveTokens(tx, userId)) >= MAX_TOKENS_PER_USER) {
      throw new AppError(
        'CONFLICT',
        `You already have ${MAX_TOKENS_PER_USER} tokens, the most allowed: revoke one on your profile page first`,
      );
    }
    return insertToken(tx, { userId, name: request.name, scopes: request.scopes, prefix, hash, expiresAt });
  });
  return { ...present(row), token: secret };
}

export async function listTokens(db: Db, userId: number): Promise<TToken[]> {
  return (await selectLiveTokens(db, userId)).map(present);
}

/** Revoking deletes the row: every later call with the secret is 401. A stranger's id is 404. */
export async function revokeToken(db: Db, userId: number, tokenId: number): Promise<void> {
  if (!(await deleteToken(db, userId, tokenId))) throw notFound('Token');
}

/** Who a token acts for, and what it may do. */
export interface ResolvedToken {
  id: number;
  userId: number;
  scopes: TTokenScope[];
  /** The owner was disabled by an administrator: the identity plugin refuses the token with 403. */
  disabled: boolean;
}

/** last_used_at is written at most once a minute per token (docs/security.md#personal-access-tokens). */
export const LAST_USED_REFRESH_MS = 60_000;

/**
 * The live token a presented secret stands for, or null (malformed, unknown, expired or revoked: all
 * answer 401 alike). Found by its prefix, compared by hash in constant time. The last-used refresh
 * never fails the request: `onTouchError` hears of a failure.
 */
export async function resolveToken(
  db: Db,
  presented: string,
  onTouchError: (error: unknown) => void,
): Promise<ResolvedToken | null> {
  if (!isWellFormedSecret(presented)) return null;
  const hash = hashSecret(presented);
  const candidates = await selectLiveByPrefix(db, lookupPrefixOf(presented));
  const match = candidates.find((candidate) => hashMatches(hash, candidate.hash));
  if (!match) return null;
  if (!match.lastUsedAt || Date.now() - match.lastUsedAt.getTime() > LAST_USED_REFRESH_MS) {
    await touchLastUsed(db, match.id, LAST_USED_REFRESH_MS).catch(onTouchError);
  }
  return { id: match.id, userId: match.userId, scopes: match.scopes, disabled: match.userDisabledAt !== null };
}
