import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { oidcSignIns } from '../../db/schema';
import type { NamedIdentity } from './account-merge.repo';

/** docs/security.md#openid-connect: the rows of sign-ins in progress (db/schema/oidc-sign-ins.ts). */

export interface NewOidcSignIn {
  stateHash: string;
  sessionId: number;
  nonce: string;
  codeVerifier: string;
  authorizationUrl: string;
  returnTo: string;
  ttlSeconds: number;
}

export async function insertOidcSignIn(db: Db, { ttlSeconds, ...row }: NewOidcSignIn): Promise<void> {
  await db.insert(oidcSignIns).values({ ...row, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
}

const pending = (stateHash: string) =>
  and(eq(oidcSignIns.stateHash, stateHash), isNull(oidcSignIns.handoffHash), gt(oidcSignIns.expiresAt, sql`now()`));

/** The provider URL of a started sign-in the provider has not called back for yet (GET /api/auth/oidc/login). */
export async function findPendingAuthorizationUrl(db: Db, stateHash: string): Promise<string | null> {
  const [row] = await db.select({ url: oidcSignIns.authorizationUrl }).from(oidcSignIns).where(pending(stateHash));
  return row?.url ?? null;
}

/**
 * Consumes a state once: the callback's claim. The row is marked (its hand-off hash set, the identity not
 * yet) in one UPDATE, so a replayed callback, even a concurrent one, finds nothing.
 */
export async function claimOidcState(
  db: Db,
  stateHash: string,
  handoffHash: string,
): Promise<{ nonce: string; codeVerifier: string; returnTo: string } | null> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ handoffHash })
    .where(pending(stateHash))
    .returning({ nonce: oidcSignIns.nonce, codeVerifier: oidcSignIns.codeVerifier, returnTo: oidcSignIns.returnTo });
  return row ?? null;
}

/** The verified identity, waiting for POST /api/auth/oidc/complete (a few minutes at most). */
export async function storeVerifiedIdentity(
  db: Db,
  stateHash: string,
  identity: NamedIdentity,
  ttlSeconds: number,
): Promise<void> {
  await db
    .update(oidcSignIns)
    .set({ ...identity, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .where(eq(oidcSignIns.stateHash, stateHash));
}

/** A refused callback ends its sign-in: the row goes. */
export async function deleteOidcSignIn(db: Db, stateHash: string): Promise<void> {
  await db.delete(oidcSignIns).where(eq(oidcSignIns.stateHash, stateHash));
}

/** Consumes a hand-off code of the caller's session, in the sign-in's transaction; null when there is none. */
export async function takeVerifiedIdentity(
  tx: Tx,
  handoffHash: string,
  sessionId: number,
): Promise<NamedIdentity | null> {
  const [row] = await tx
    .delete(oidcSignIns)
    .where(
      and(
        eq(oidcSignIns.handoffHash, handoffHash),
        eq(oidcSignIns.sessionId, sessionId),
        isNotNull(oidcSignIns.providerSubject),
        gt(oidcSignIns.expiresAt, sql`now()`),
      ),
    )
    .returning({
      providerSubject: oidcSignIns.providerSubject,
      email: oidcSignIns.email,
      name: oidcSignIns.name,
      picture: oidcSignIns.picture,
    });
  if (!row?.providerSubject || !row.email || row.name === null) return null;
  return { providerSubject: row.providerSubject, email: row.email, name: row.name, picture: row.picture };
}
