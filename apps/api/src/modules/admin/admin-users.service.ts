import type { TAdminUser, TAdminUserList } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type AdminCaller, isAdminEmail } from '../../policies/admin.policy';
import { deleteAccount } from '../profile/profile.service';
import { insertAuditEntry } from './admin-audit.repo';
import {
  type AdminUserRow,
  countUsers,
  lockSignedInUser,
  selectUser,
  selectUsers,
  setDisabled,
} from './admin-users.repo';

type AdminConfig = Pick<Config, 'ADMIN_EMAILS'>;

export function presentUser(config: AdminConfig, row: AdminUserRow): TAdminUser {
  const email = row.email ?? '';
  return {
    id: row.id,
    email,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    signed_in_at: row.signedInAt?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    is_admin: isAdminEmail(config, email),
    counts: {
      folders: row.folders,
      papers: row.papers,
      uploads: row.uploads,
      upload_bytes: Number(row.uploadBytes),
      annotations: row.annotations,
      chat_sessions: row.chatSessions,
      tokens: row.tokens,
    },
  };
}

/** GET /api/admin/users. */
export async function listUsers(db: Db, config: AdminConfig, search: string | undefined): Promise<TAdminUserList> {
  const [rows, total] = await Promise.all([selectUsers(db, search), countUsers(db, search)]);
  return { users: rows.map((row) => presentUser(config, row)), total };
}

const describeUser = (userId: number, email: string) => `user ${userId} (${email})`;

/** An administrator does not lock themselves out, nor delete themselves here (the profile page does that). */
function refuseSelf(admin: AdminCaller, userId: number, what: string) {
  if (admin.userId === userId) {
    throw new AppError('INVALID_REQUEST', `You cannot ${what} your own account from the admin page`);
  }
}

/**
 * POST /api/admin/users/:id/disable and /enable: users.disabled_at and the audit row in one transaction. From the
 * commit on, the identity plugin refuses (or accepts again) the user's sessions and tokens.
 */
export async function setUserDisabled(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  admin: AdminCaller,
  userId: number,
  disabled: boolean,
): Promise<TAdminUser> {
  if (disabled) refuseSelf(admin, userId, 'disable');
  await db.transaction(async (tx) => {
    const user = await lockSignedInUser(tx, userId);
    if (!user) throw notFound(`User ${userId}`);
    await setDisabled(tx, userId, disabled);
    await insertAuditEntry(tx, admin, {
      action: disabled ? 'user.disable' : 'user.enable',
      target: describeUser(userId, user.email),
    });
  });
  const row = await selectUser(db, userId);
  if (!row) throw notFound(`User ${userId}`);
  return presentUser(config, row);
}

/**
 * DELETE /api/admin/users/:id: the account deletion of DELETE /api/profile (modules/profile), with the audit row
 * written in its transaction.
 */
export async function deleteUser(context: AppContext, admin: AdminCaller, userId: number): Promise<void> {
  refuseSelf(admin, userId, 'delete');
  const user = await selectUser(context.db, userId);
  if (!user?.email) throw notFound(`User ${userId}`);
  const email = user.email;
  const deleted = await deleteAccount(context, userId, {
    inTransaction: (tx) =>
      insertAuditEntry(tx, admin, { action: 'user.delete', target: describeUser(userId, email), detail: { email } }),
  });
  if (!deleted) throw notFound(`User ${userId}`);
}
