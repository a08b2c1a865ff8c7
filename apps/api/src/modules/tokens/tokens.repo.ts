import type { TTokenScope } from '@paperbench/contract';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { apiTokens, users } from '../../db/schema';

export interface TokenRow {
  id: number;
  name: string;
  scopes: TTokenScope[];
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
};

/** Live: not expired (a revoked token has no row). */
const live = or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`));

/** Serialises a user's token creations, so two at once cannot both pass the quota check. */
export async function lockTokenOwner(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countLiveTokens(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live));
  return row?.n ?? 0;
}

export interface NewTokenRow {
  userId: number;
  name: string;
  scopes: TTokenScope[];
  prefix: string;
  hash: string;
  expiresAt: Date | null;
}

export async function insertToken(tx: Tx, values: NewTokenRow): Promise<TokenRow> {
  const [row] = await tx.insert(apiTokens).values(values).returning(listed);
  if (!row) throw new Error('token insert returned no row');
  return row as TokenRow;
}

/** The caller's live tokens, newest first. */
export async function selectLiveTokens(db: Db, userId: number): Promise<TokenRow[]> {
  const rows = await db
    .select(listed)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows as TokenRow[];
}

/** Revokes (deletes) one of the caller's tokens; false when no such token is the caller's. */
export async function deleteToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export interface TokenCandidate {
  id: number;
  userId: number;
  scopes: TTokenScope[];
  hash: string;
  lastUsedAt: Date | null;
  /** The owner's users.disabled_at (docs/deploy.md#the-admin-page): a disabled user's tokens are refused. */
  userDisabledAt: Date | null;
}

/** Live tokens whose lookup prefix is this one (almost always zero or one). */
export async function selectLiveByPrefix(db: Db, prefix: string): Promise<TokenCandidate[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scopes: apiTokens.scopes,
      hash: apiTokens.hash,
      lastUsedAt: apiTokens.lastUsedAt,
      userDisabledAt: users.disabledAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.prefix, prefix), live));
  return rows as TokenCandidate[];
}

/** Sets last_used_at unless another request did within `intervalMs` (one write a minute, whatever the rate). */
export async function touchLastUsed(db: Db, tokenId: number, intervalMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - intervalMs);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, cutoff))));
}
