import type { TUser } from '@paperbench/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { generateUserToken } from '../../lib/user-token';
import {
  findUserIdByEmail,
  findUserIdBySubject,
  insertNamedUser,
  lockAccountSubject,
  lockLiveSession,
  lockUsers,
  mergeAnonymousUser,
  type NamedIdentity,
  nameUser,
} from './account-merge.repo';
import type { GoogleTokenVerifier } from './google-id-token';
import { insertSession, markRevoked, recordIdTokenUse } from './identity.repo';

export interface SignInCaller {
  userId: number;
  sessionId: number;
}

/** Who vouched for the identity (named in the 409's advice: "sign in with that Google account instead"). */
export interface SignInProvider {
  name: string;
  /**
   * Claims the proof of identity for this sign-in, inside its transaction, and answers the identity; throws
   * when the proof was already used. Recorded in the transaction, so a sign-in refused later (409) leaves
   * the proof usable and nothing written.
   */
  claim(tx: Tx): Promise<NamedIdentity>;
}

/**
 * docs/security.md#sessions (sign-in): the one sign-in policy of every provider (Google, OpenID Connect).
 * The identity is verified before this is called; then ONE transaction, under a lock on the account's subject:
 * (a) no account yet and the caller is anonymous: the caller's user becomes the account;
 * (b) the account exists and the caller is another, anonymous user: its rows merge into the account and it
 *     is deleted (mergeAnonymousUser);
 * (c) the caller is signed in to a different account: no merge (named accounts are never merged), the
 *     account (new, or existing) just gets this device;
 * (d) the caller already is the account: nothing to move.
 * In every case the email, name and picture are refreshed, the caller's session is revoked and a fresh
 * one issued (a session's privileges never change under the same id).
 */
export async function signIn(db: Db, caller: SignInCaller, provider: SignInProvider): Promise<TUser> {
  const token = generateUserToken();
  let signedIn: NamedIdentity | undefined;
  await db.transaction(async (tx) => {
    const identity = await provider.claim(tx);
    await lockAccountSubject(tx, identity.providerSubject);
    const existing = await findUserIdBySubject(tx, identity.providerSubject);
    const locked = await lockUsers(tx, existing === null ? [caller.userId] : [caller.userId, existing]);
    const me = locked.find((row) => row.id === caller.userId);
    if (!me || !(await lockLiveSession(tx, caller.sessionId))) {
      // Logged out, deleted or signed in by a concurrent request since the identity check.
      throw new AppError(
        'UNAUTHORIZED',
        'This X-User-ID has ended: ask POST /api/user/get_id for a new id and sign in again',
      );
    }
    const anonymous = me.providerSubject === null;
    let accountId = existing ?? (anonymous ? me.id : null);
    const holder = await findUserIdByEmail(tx, identity.email);
    if (holder !== null && holder !== accountId) {
      throw new AppError(
        'CONFLICT',
        `Another account on this server already uses ${identity.email}; sign in with that ${provider.name} account instead`,
      );
    }
    if (existing !== null && existing !== me.id && anonymous) await mergeAnonymousUser(tx, me.id, existing);
    if (accountId === null) accountId = await insertNamedUser(tx, identity);
    else await nameUser(tx, accountId, identity);
    await markRevoked(tx, caller.sessionId);
    await insertSession(tx, accountId, token);
    signedIn = identity;
  });
  if (!signedIn) throw new Error('sign-in committed without an identity');
  return { email: signedIn.email, name: signedIn.name, picture: signedIn.picture, user_id: token };
}

/**
 * POST /api/auth/google-login: the token is verified (network: Google's keys) before the transaction; a
 * token is accepted once: a copy (a log, a proxy, a stolen response) signs no one in.
 */
export async function signInWithGoogle(
  db: Db,
  verify: GoogleTokenVerifier,
  caller: SignInCaller,
  credential: string,
): Promise<TUser> {
  const identity = await verify(credential);
  return signIn(db, caller, {
    name: 'Google',
    async claim(tx) {
      if (!(await recordIdTokenUse(tx, identity.tokenId, identity.expiresAt))) {
        throw new AppError('UNAUTHORIZED', 'Google sign-in refused: this ID token was already used; sign in again');
      }
      const { providerSubject, email, name, picture } = identity;
      return { providerSubject, email, name, picture };
    },
  });
}
