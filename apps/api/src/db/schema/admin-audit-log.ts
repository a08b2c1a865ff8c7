import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * docs/deploy.md#the-admin-page: every administrator action (disable, enable, delete, retry, discard, harvest now,
 * backup download and verify), written in the action's own transaction so neither exists without the other. The actor's
 * email is kept beside the id: the row still says who acted after that account is gone.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** 'user.disable', 'user.enable', 'user.delete', 'job.retry', 'job.discard', 'corpus.harvest', 'backup.download',
     * 'backup.verify' (detail: ok, and the reason when not). */
    action: text('action').notNull(),
    /** What was acted on, as the page shows it: 'user 12 (ada@example.org)', 'job 7 (extract-pdf-text)', a file name. */
    target: text('target').notNull(),
    /** Anything else worth keeping (the deleted user's email, the job's last error). */
    detail: jsonb('detail'),
  },
  (table) => [index('admin_audit_log_created_at_idx').on(table.createdAt)],
);
