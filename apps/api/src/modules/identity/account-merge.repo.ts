import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { folders, userSessions, users } from '../../db/schema';

/**
 * docs/security.md#sessions (sign-in): the rows of one sign-in. Every function runs inside the one
 * transaction of signIn (sign-in.service.ts), so a failure anywhere leaves the caller's anonymous data, the account
 * and every session as they were.
 */

/** Namespace of the per-subject advisory lock (hashtext() of the subject is the second key). */
const SIGN_IN_LOCK_NAMESPACE = ADVISORY_LOCKS.signIn;

/**
 * Serialises sign-ins to one account: two devices signing in at once for the first time would otherwise
 * both find no account and both try to name their own user.
 */
export async function lockAccountSubject(tx: Tx, providerSubject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_NAMESPACE}, hashtext(${providerSubject}))`);
}

export interface UserIdentityRow {
  id: number;
  providerSubject: string | null;
  email: string | null;
}

const identityColumns = { id: users.id, providerSubject: users.providerSubject, email: users.email };

/** The account of a provider subject (read under lockAccountSubject, so it cannot appear meanwhile). */
export async function findUserIdBySubject(tx: Tx, providerSubject: string): Promise<number | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.providerSubject, providerSubject));
  return row?.id ?? null;
}

export async function findUserIdByEmail(tx: Tx, email: string): Promise<number | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

export interface NamedIdentity {
  providerSubject: string;
  email: string;
  name: string;
  picture: string | null;
}

/**
 * Names a user (first sign-in: an anonymous user becomes the account) or refreshes the name, email and
 * picture the provider sent this time; signed_in_at keeps the first sign-in.
 */
export async function nameUser(tx: Tx, userId: number, identity: NamedIdentity): Promise<void> {
  await tx
    .update(users)
    .set({ ...identity, signedInAt: sql`coalesce(${users.signedInAt}, now())` })
    .where(eq(users.id, userId));
}

/** A new named user with no data (signing in to a new account from a device already signed in to another). */
export async function insertNamedUser(tx: Tx, identity: NamedIdentity): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...identity, signedInAt: sql`now()` })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

/**
 * Every column that references users.id, as `table.column`, and how the merge treats it. The merge test
 * compares this list with the database's foreign keys, so a new table pointing at users fails the suite
 * until the merge (and account deletion) handles it.
 */
export const USER_REFERENCES = [
  'annotation_reads.user_id',
  'api_tokens.user_id',
  'annotation_replies.author_id',
  'annotations.user_id',
  'chat_sessions.user_id',
  'contact_messages.user_id',
  'folder_comments.author_id',
  'folder_files.added_by',
  'folder_members.added_by',
  'folders.owner_id',
  'forum_visits.user_id',
  'ideas.user_id',
  'page_views.user_id',
  'paper_clicks.user_id',
  'paper_comments.author_id',
  'reading_positions.user_id',
  'shared_lists.created_by',
  'subscriptions.user_id',
  'topics.user_id',
  'uploads.owner_id',
  'zotero_syncs.user_id',
  // Not moved: the anonymous user's sessions end with it (the caller's is revoked, a fresh one issued).
  'user_sessions.user_id',
  // Never the anonymous side's: only a signed-in administrator acts (docs/deploy.md#the-admin-page); on
  // account deletion the audit row stays, with the actor's email, and the reference is set null.
  'admin_audit_log.actor_id',
] as const;

/**
 * docs/security.md#sessions (merge): moves every row of the anonymous user `fromId` into the account
 * `intoId`, collapsing duplicates, then deletes the anonymous user. Nothing is lost:
 * - a private folder named like one of the account's private folders pours its files into it (`selected`
 *   ORed when both hold a paper) and is dropped; every other folder changes owner;
 * - topics move unless the account follows the same topic in any case (topics_user_topic_key);
 * - the subscription moves only when the account has none (one per user);
 * - public-forum visits keep the later visit;
 * - thread readings of annotations keep the later reading;
 * - where both read the same paper, the later reading position wins (docs/reading.md#resume-reading);
 * - everything else (uploads, chat and review sessions with their messages, saved ideas, comments, annotations,
 *   contact messages, page views, clicks, share links, members added, files placed, personal access tokens)
 *   changes hands as it is.
 */
export async function mergeAnonymousUser(tx: Tx, fromId: number, intoId: number): Promise<void> {
  const pairs = rowsOf<{ from_id: number; into_id: number }>(
    await tx.execute(sql`
      select f.id as from_id,
        (select a.id from folders a
          where a.owner_id = ${intoId} and a.name = f.name and a.type = 'folder' and not a.is_public
          order by a.created_at, a.id limit 1) as into_id
      from folders f
      where f.owner_id = ${fromId} and f.type = 'folder' and not f.is_public`),
  ).filter((pair) => pair.into_id !== null);
  for (const { from_id, into_id } of pairs) {
    await tx.execute(sql`
      insert into folder_files (folder_id, platform, paper_id, selected, added_at, added_by)
      select ${into_id}, platform, paper_id, selected, added_at, added_by from folder_files where folder_id = ${from_id}
      on conflict (folder_id, platform, paper_id)
        do update set selected = folder_files.selected or excluded.selected`);
    // A private folder has no thread, but should one exist it follows its files rather than vanish.
    await tx.execute(sql`update folder_comments set folder_id = ${into_id} where folder_id = ${from_id}`);
    await tx.execute(sql`delete from folders where id = ${from_id}`);
  }
  if (pairs.length) {
    const merged = pairs.map((pair) => pair.into_id);
    await tx.update(folders).set({ updatedAt: sql`now()` }).where(inArray(folders.id, merged));
  }

  await tx.execute(sql`update folders set owner_id = ${intoId} where owner_id = ${fromId}`);
  await tx.execute(sql`update uploads set owner_id = ${intoId} where owner_id = ${fromId}`);
  await tx.execute(sql`
    update topics t set user_id = ${intoId}
    where t.user_id = ${fromId}
      and not exists (select 1 from topics a where a.user_id = ${intoId} and lower(a.topic) = lower(t.topic))`);
  await tx.execute(sql`
    update subscriptions set user_id = ${intoId}
    where user_id = ${fromId} and not exists (select 1 from subscriptions where user_id = ${intoId})`);
  // Chat and review sessions alike; a review session's files, edges and drafts hang off it.
  await tx.execute(sql`update chat_sessions set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update ideas set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update paper_comments set author_id = ${intoId} where author_id = ${fromId}`);
  await tx.execute(sql`update folder_comments set author_id = ${intoId} where author_id = ${fromId}`);
  // docs/annotations.md: marks, replies and thread readings change hands; a thread both read keeps the later reading.
  await tx.execute(sql`update annotations set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update annotation_replies set author_id = ${intoId} where author_id = ${fromId}`);
  await tx.execute(sql`
    insert into annotation_reads (user_id, annotation_id, read_at)
    select ${intoId}, annotation_id, read_at from annotation_reads where user_id = ${fromId}
    on conflict (user_id, annotation_id) do update set read_at = greatest(annotation_reads.read_at, excluded.read_at)`);
  await tx.execute(sql`
    insert into reading_positions (user_id, platform, paper_id, page, "offset", updated_at)
    select ${intoId}, platform, paper_id, page, "offset", updated_at from reading_positions where user_id = ${fromId}
    on conflict (user_id, platform, paper_id) do update
      set page = excluded.page, "offset" = excluded."offset", updated_at = excluded.updated_at
      where excluded.updated_at > reading_positions.updated_at`);
  // docs/security.md#personal-access-tokens: a script's token keeps working, now for the account.
  await tx.execute(sql`update api_tokens set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update contact_messages set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update page_views set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update paper_clicks set user_id = ${intoId} where user_id = ${fromId}`);
  await tx.execute(sql`update shared_lists set created_by = ${intoId} where created_by = ${fromId}`);
  await tx.execute(sql`update folder_members set added_by = ${intoId} where added_by = ${fromId}`);
  // Who placed a file: an upload the device placed in a shared folder stays shared by the account.
  await tx.execute(sql`update folder_files set added_by = ${intoId} where added_by = ${fromId}`);
  await tx.execute(sql`
    insert into forum_visits (folder_id, user_id, visited_at)
    select folder_id, ${intoId}, visited_at from forum_visits where user_id = ${fromId}
    on conflict (user_id, folder_id) do update set visited_at = greatest(forum_visits.visited_at, excluded.visited_at)`);
  // docs/import-export.md#zotero: a sync state the account already has for that folder and library wins.
  await tx.execute(sql`
    update zotero_syncs z set user_id = ${intoId}
    where z.user_id = ${fromId}
      and not exists (select 1 from zotero_syncs a
        where a.user_id = ${intoId} and a.folder_id = z.folder_id and a.library = z.library)`);
  // What is left (duplicate topics, a second subscription, forum visits, sessions) goes by ON DELETE CASCADE.
  await tx.delete(users).where(and(eq(users.id, fromId), sql`${users.providerSubject} is null`));
}

/** The caller's users and the account, locked in id order (so two sign-ins crossing over cannot deadlock). */
export async function lockUsers(tx: Tx, userIds: number[]): Promise<UserIdentityRow[]> {
  return tx
    .select(identityColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(users.id)
    .for('update');
}

/** Whether the caller's session is still live, locked: a second sign-in racing on the same id finds it revoked. */
export async function lockLiveSession(tx: Tx, sessionId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
    .for('update');
  return row !== undefined;
}
