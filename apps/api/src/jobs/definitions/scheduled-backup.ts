import { dailySlot, defineJob, slotPayload } from '../job-definition';

/**
 * docs/deploy.md#scheduled-backups: with BACKUP_DIR set, one backup a day after BACKUP_HOUR_UTC, claimed
 * in job_runs like every scheduled job, so it runs once across replicas; then the rotation to BACKUP_KEEP.
 * Run twice for one slot, it writes a second archive of the same day (harmless; rotation keeps the count).
 */
export const scheduledBackupJob = defineJob({
  id: 'scheduled-backup',
  version: 1,
  payload: slotPayload,
  schedule: (now, { config }) => (config.BACKUP_DIR ? dailySlot(now, config.BACKUP_HOUR_UTC) : null),
  handler: async () => (await import('./scheduled-backup.handler')).takeScheduledBackup,
});
