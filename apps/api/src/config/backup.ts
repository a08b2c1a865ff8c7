import { z } from 'zod';
import { zOptional } from './fields';

/** docs/deploy.md#backup-and-restore: scheduled backups (`pnpm backup` works without these). */
export const backupEnv = {
  /** Where scheduled backups are written; unset: no scheduled backups. */
  BACKUP_DIR: zOptional(z.string()),
  /** The hour (UTC) after which the day's backup is taken, once across replicas. */
  BACKUP_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(3),
  /** How many of the newest backups are kept in BACKUP_DIR; older ones are deleted after each backup. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
};
