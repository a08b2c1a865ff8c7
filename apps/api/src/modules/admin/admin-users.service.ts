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

/**
 * Administrators are named by ADMIN_EMAILS, not managed here: an administrator cannot lock themselves (or each
 * other) out from this page, nor delete an administrator's account (their own goes from the profile page).
 */
function refuseAdministrator(config: AdminConfig, email: string, userId: number, what: string) {
  if (isAdminEmail(config, email)) {
    throw new AppError(
      'INVALID_REQUEST',
      `User ${userId} is an administrator (ADMIN_EMAILS): remove their email there before you ${what} the account`,
    );
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
  await db.transaction(async (tx) => {
    const user = await lockSignedInUser(tx, userId);
    if (!user) throw notFound(`User ${userId}`);
    if (disabled) refuseAdministrator(config, user.email, userId, 'disable');
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
  const user = await selectUser(context.db, userId);
  if (!user?.email) throw notFound(`User ${userId}`);
  refuseAdministrator(context.config, user.email, userId, 'delete');
  const email = user.email;
  const deleted = await deleteAccount(context, userId, {
    inTransaction: (tx) =>
      insertAuditEntry(tx, admin, { action: 'user.delete', target: describeUser(userId, email), detail: { email } }),
  });
  if (!deleted) throw notFound(`User ${userId}`);
}
