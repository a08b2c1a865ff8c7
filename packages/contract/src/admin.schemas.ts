import { z } from 'zod';
import { ZAiStatus, ZScorecardStatus } from './ai.contract';
import { ZRowId, ZTimestamp, zText } from './common';
import { ZCorpusStatus } from './corpus.contract';

/*
 * docs/deploy.md#the-admin-page: what an administrator (ADMIN_EMAILS) sees and does. Every route answers 404 to
 * anyone else, so the page does not reveal itself.
 */

const count = z.number().int().nonnegative();

/** How much one user holds (the Users section, and the top users by usage). */
export const ZAdminUserCounts = z.object({
  folders: count,
  /** Distinct papers across their folders. */
  papers: count,
  uploads: count,
  /** Bytes of their uploaded PDFs (what USER_UPLOAD_QUOTA_BYTES counts). */
  upload_bytes: count,
  annotations: count,
  chat_sessions: count,
  /** Live personal access tokens. */
  tokens: count,
});
export type TAdminUserCounts = z.infer<typeof ZAdminUserCounts>;

/** A signed-in user (anonymous browsers are not listed: they have no email to act on). */
export const ZAdminUser = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string().nullable(),
  created_at: ZTimestamp,
  signed_in_at: ZTimestamp.nullable(),
  /** When an administrator disabled them; null while enabled. */
  disabled_at: ZTimestamp.nullable(),
  /** Whether their email is one of ADMIN_EMAILS. */
  is_admin: z.boolean(),
  counts: ZAdminUserCounts,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ADMIN_USERS_LIMIT = 50;

export const ZAdminUsersQuery = z.object({
  /** Part of an email or a name, case-insensitive; empty or absent: every signed-in user, newest first. */
  q: zText({ trim: true, max: 200, label: 'search' }).optional(),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUserList = z.object({
  users: z.array(ZAdminUser),
  /** Signed-in users matching the search (the list shows at most ADMIN_USERS_LIMIT of them). */
  total: count,
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZAdminIdParams = z.object({ id: ZRowId });

/** One configured per-user quota (docs/security.md#rate-limits-and-quotas). */
export const ZAdminQuota = z.object({
  /** The environment variable that sets it, e.g. USER_FOLDER_QUOTA. */
  setting: z.string(),
  label: z.string(),
  value: count,
  unit: z.enum(['count', 'bytes']),
});

export const ZAdminUsage = z.object({
  quotas: z.array(ZAdminQuota),
  /** The users holding the most upload bytes (then papers), at most 10. */
  top_users: z.array(ZAdminUser),
});
export type TAdminUsage = z.infer<typeof ZAdminUsage>;

export const ADMIN_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** One row of the durable work queue (docs/queue.md). */
export const ZAdminJob = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  status: z.enum(ADMIN_JOB_STATUSES),
  attempts: count,
  max_attempts: count,
  /** The payload's paper, or other short summary of what the job is about. */
  subject: z.string().nullable(),
  /** Why the last try failed (a failed job's reason). */
  last_error: z.string().nullable(),
  created_at: ZTimestamp,
  run_at: ZTimestamp,
  finished_at: ZTimestamp.nullable(),
});
export type TAdminJob = z.infer<typeof ZAdminJob>;

export const ZAdminQueue = z.object({
  counts: z.object({ queued: count, running: count, done: count, failed: count }),
  /** Queued and running jobs, next due first (at most 50). */
  pending: z.array(ZAdminJob),
  /** Failed jobs, newest first (at most 50). */
  failed: z.array(ZAdminJob),
});
export type TAdminQueue = z.infer<typeof ZAdminQueue>;

/** Where the OAI-PMH harvest of one set stands (docs/ingest.md#the-daily-job). */
export const ZAdminHarvestState = z.object({
  key: z.string(),
  last_datestamp: z.string().nullable(),
  records_harvested: count,
  in_progress: z.boolean(),
  updated_at: ZTimestamp,
});

export const ZAdminCorpus = z.object({
  status: ZCorpusStatus,
  /** The last harvest of each set, most recently updated first. */
  harvests: z.array(ZAdminHarvestState),
  /** The last scheduled or requested harvest run: when it finished and how. */
  last_run: z
    .object({ status: z.string(), finished_at: ZTimestamp.nullable(), error: z.string().nullable() })
    .nullable(),
  /** Whether a "Harvest now" is queued or running. */
  harvest_pending: z.boolean(),
});
export type TAdminCorpus = z.infer<typeof ZAdminCorpus>;

export const ZAdminHarvestQueued = z.object({
  job_id: z.number().int().positive(),
  /** False when one was already queued or running: that one stands, no second one is added. */
  queued: z.boolean(),
});

export const ZAdminAi = z.object({ status: ZAiStatus, scorecard: ZScorecardStatus });
export type TAdminAi = z.infer<typeof ZAdminAi>;

/** One backup of BACKUP_DIR (docs/deploy.md#the-admin-page). */
export const ZAdminBackup = z.object({
  name: z.string(),
  bytes: count,
  created_at: ZTimestamp,
  schema_version: z.string().nullable(),
  /** False for a backup still being written or cut short: not one to restore. */
  complete: z.boolean(),
});
export type TAdminBackup = z.infer<typeof ZAdminBackup>;

/** The newest `pnpm backup restore` into this database (its backup_restores row, docs/deploy.md#restore). */
export const ZAdminLastRestore = z.object({
  restored_at: ZTimestamp,
  archive_name: z.string(),
  archive_created_at: ZTimestamp,
  /** The schema the archive was taken at, and the one the restore migrated it to (equal when none was applied). */
  archive_schema_version: z.string(),
  schema_version: z.string(),
  migrated_forward: count,
  tables: count,
  rows: count,
  pdfs: count,
  duration_ms: count,
});
export type TAdminLastRestore = z.infer<typeof ZAdminLastRestore>;

export const ZAdminBackups = z.object({
  /** Newest first. */
  backups: z.array(ZAdminBackup),
  /** Why the list is empty when it cannot be otherwise (BACKUP_DIR unset); null otherwise. */
  note: z.string().nullable(),
  /** Null when this database was not restored from a backup. */
  last_restore: ZAdminLastRestore.nullable(),
});
export type TAdminBackups = z.infer<typeof ZAdminBackups>;

export const ZAdminBackupParams = z.object({ name: zText({ min: 1, max: 255, label: 'backup name' }) });

/** One check of a verification, in the order it ran; a failed one is the last (the verifier stops there). */
export const ZAdminVerifyCheck = z.object({ label: z.string(), ok: z.boolean() });

/**
 * POST /api/admin/backups/:name/verify (docs/deploy.md#the-admin-page): what `pnpm backup verify` checked. A damaged
 * archive is a report with ok false and the verifier's message, not an error. The manifest's fields are null when
 * the manifest itself could not be read.
 */
export const ZAdminVerifyReport = z.object({
  name: z.string(),
  bytes: count,
  ok: z.boolean(),
  /** Why the archive is not fit to restore; null when ok. */
  message: z.string().nullable(),
  created_at: ZTimestamp.nullable(),
  schema_version: z.string().nullable(),
  /** Whether this server's code has the archive's schema among its migrations (false: a newer Paperbench wrote it). */
  schema_known: z.boolean().nullable(),
  /** The migrations a restore here would apply after the rows (0: the archive is at this code's schema). */
  migrations_forward: count.nullable(),
  tables: z.array(z.object({ name: z.string(), rows: count })),
  totals: z.object({ tables: count, rows: count, pdfs: count, pdf_bytes: count }).nullable(),
  checks: z.array(ZAdminVerifyCheck),
});
export type TAdminVerifyReport = z.infer<typeof ZAdminVerifyReport>;

export const ADMIN_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.delete',
  'job.retry',
  'job.discard',
  'corpus.harvest',
  'backup.download',
  'backup.verify',
] as const;
export type TAdminAction = (typeof ADMIN_ACTIONS)[number];

export const ZAdminAuditEntry = z.object({
  id: z.number().int().positive(),
  created_at: ZTimestamp,
  actor_email: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

export const ZAdminAuditLog = z.object({ entries: z.array(ZAdminAuditEntry) });
export type TAdminAuditLog = z.infer<typeof ZAdminAuditLog>;
