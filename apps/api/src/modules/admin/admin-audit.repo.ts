import type { TAdminAction, TAdminAuditEntry } from '@paperbench/contract';
import { desc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import type { AdminCaller } from '../../policies/admin.policy';

export interface AuditEntry {
  action: TAdminAction;
  target: string;
  detail?: Record<string, unknown>;
}

/** docs/deploy.md#the-admin-page: written inside the action's transaction, so neither exists without the other. */
export async function insertAuditEntry(tx: Db | Tx, admin: AdminCaller, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: admin.userId,
    actorEmail: admin.email,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ?? null,
  });
}

export const AUDIT_PAGE = 100;

/** The newest entries first. */
export async function selectAuditEntries(db: Db): Promise<TAdminAuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_PAGE);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_email: row.actorEmail,
    action: row.action as TAdminAction,
    target: row.target,
  }));
}
