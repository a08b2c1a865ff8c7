import { z } from 'zod';
import {
  ZAdminAi,
  ZAdminAuditLog,
  ZAdminBackupParams,
  ZAdminBackups,
  ZAdminCorpus,
  ZAdminHarvestQueued,
  ZAdminIdParams,
  ZAdminJob,
  ZAdminQueue,
  ZAdminUsage,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUsersQuery,
  ZAdminVerifyReport,
} from './admin.schemas';
import { c } from './common';

const ADMIN_ONLY =
  'Administrators only (ADMIN_EMAILS, signed in with the web app’s session): 404 to anyone else and to every ' +
  'personal access token, so the route does not reveal itself.';

/** docs/deploy.md#the-admin-page: the /admin page's calls (listed in EXTENSIONS, spec-endpoints.ts). */
export const adminContract = c.router({
  users: {
    method: 'GET',
    path: '/api/admin/users',
    query: ZAdminUsersQuery,
    responses: { 200: ZAdminUserList },
    summary: 'Signed-in users with their emails and how much each holds, searchable by email or name',
    description: ADMIN_ONLY,
  },
  disableUser: {
    method: 'POST',
    path: '/api/admin/users/:id/disable',
    pathParams: ZAdminIdParams,
    body: c.noBody(),
    responses: { 200: ZAdminUser },
    summary: 'Disable a user: their sessions and tokens are refused (403) until enabled again; audited',
    description: `${ADMIN_ONLY} 400 for an administrator’s account (ADMIN_EMAILS names them).`,
  },
  enableUser: {
    method: 'POST',
    path: '/api/admin/users/:id/enable',
    pathParams: ZAdminIdParams,
    body: c.noBody(),
    responses: { 200: ZAdminUser },
    summary: 'Enable a disabled user again; audited',
    description: ADMIN_ONLY,
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    pathParams: ZAdminIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete a user’s account as DELETE /api/profile does (every row, every upload no one else holds); audited',
    description: `${ADMIN_ONLY} 400 for an administrator’s account (their own goes from the profile page).`,
  },
  usage: {
    method: 'GET',
    path: '/api/admin/usage',
    responses: { 200: ZAdminUsage },
    summary: 'The configured per-user quotas and the users holding the most',
    description: ADMIN_ONLY,
  },
  queue: {
    method: 'GET',
    path: '/api/admin/queue',
    responses: { 200: ZAdminQueue },
    summary: 'The work queue: counts by status, pending jobs, failed jobs with their reasons',
    description: ADMIN_ONLY,
  },
  retryJob: {
    method: 'POST',
    path: '/api/admin/queue/:id/retry',
    pathParams: ZAdminIdParams,
    body: c.noBody(),
    responses: { 200: ZAdminJob },
    summary: 'Queue a failed job again, with its tries reset; audited',
    description: `${ADMIN_ONLY} 409 for a job that is not failed.`,
  },
  discardJob: {
    method: 'POST',
    path: '/api/admin/queue/:id/discard',
    pathParams: ZAdminIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Remove a failed or queued job from the queue; audited',
    description: `${ADMIN_ONLY} 409 for a running job (its process holds it).`,
  },
  corpus: {
    method: 'GET',
    path: '/api/admin/corpus',
    responses: { 200: ZAdminCorpus },
    summary: 'The corpus: papers, newest, last harvest of each set, whether a harvest is pending',
    description: ADMIN_ONLY,
  },
  harvestNow: {
    method: 'POST',
    path: '/api/admin/corpus/harvest',
    body: c.noBody(),
    responses: { 202: ZAdminHarvestQueued },
    summary: 'Queue one arXiv harvest of HARVEST_SETS now (at most one queued at a time); audited',
    description: ADMIN_ONLY,
  },
  ai: {
    method: 'GET',
    path: '/api/admin/ai',
    responses: { 200: ZAdminAi },
    summary: 'The AI status (GET /api/ai/status) and the latest scorecard of the configured model',
    description: ADMIN_ONLY,
  },
  backups: {
    method: 'GET',
    path: '/api/admin/backups',
    responses: { 200: ZAdminBackups },
    summary: 'The backups in BACKUP_DIR, newest first (an empty list with a note when BACKUP_DIR is unset)',
    description: ADMIN_ONLY,
  },
  downloadBackup: {
    method: 'GET',
    path: '/api/admin/backups/:name',
    pathParams: ZAdminBackupParams,
    responses: {
      200: c.otherResponse({
        contentType: 'application/gzip',
        body: z.unknown().describe('the backup archive (.tar.gz)'),
      }),
    },
    summary: 'Download one backup of BACKUP_DIR (404 for a name it does not hold); audited',
    description: ADMIN_ONLY,
  },
  verifyBackup: {
    method: 'POST',
    path: '/api/admin/backups/:name/verify',
    pathParams: ZAdminBackupParams,
    body: c.noBody(),
    responses: { 200: ZAdminVerifyReport },
    summary:
      'Verify one backup of BACKUP_DIR as pnpm backup verify does and report what was checked; writes nothing but its audit row',
    description: `${ADMIN_ONLY} A damaged, truncated or edited archive is a 200 report with ok false and the reason; 404 for a name BACKUP_DIR does not hold.`,
  },
  audit: {
    method: 'GET',
    path: '/api/admin/audit',
    responses: { 200: ZAdminAuditLog },
    summary: 'The admin audit log, newest first (the latest 100 entries)',
    description: ADMIN_ONLY,
  },
});
