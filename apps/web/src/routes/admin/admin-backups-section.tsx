import { useAdminBackupsQuery, useDownloadBackupMutation, useVerifyBackupMutation } from '../../features/admin/api';
import { formatBytes, formatDateTime } from './admin-format';
import { ActionError, AdminSection, QueryState } from './admin-section';
import { LastRestore, VerifyReport } from './admin-verify-report';

/**
 * Backups: the archives in BACKUP_DIR, newest first, each downloadable and (when complete) verifiable, both audited;
 * the last verify's report below the list, then the restore this database came from (docs/deploy.md#the-admin-page).
 */
export function BackupsSection() {
  const backups = useAdminBackupsQuery();
  const download = useDownloadBackupMutation();
  const verify = useVerifyBackupMutation();
  const data = backups.data;
  const verifying = verify.isPending ? verify.variables?.name : undefined;
  return (
    <AdminSection id="backups" title="Backups" description="Archives written by pnpm backup (docs/deploy.md).">
      <QueryState isPending={backups.isPending} error={backups.error} />
      <ActionError error={download.error} />
      {data?.note && <p className="admin-notice">{data.note}</p>}
      {data && !data.note && data.backups.length === 0 && <p className="admin-empty">No backups yet.</p>}
      {data && data.backups.length > 0 && (
        <ul className="admin-list" aria-label="Backups">
          {data.backups.map((backup) => (
            <li key={backup.name} className="admin-backup">
              <div className="admin-backup-who">
                <span className="admin-backup-name">
                  {backup.name}
                  {!backup.complete && <span className="admin-tag admin-tag-danger">Incomplete</span>}
                </span>
                <span className="admin-muted">
                  {formatDateTime(backup.created_at)} · {formatBytes(backup.bytes)}
                  {backup.schema_version && ` · schema ${backup.schema_version}`}
                </span>
              </div>
              <div className="admin-row-actions">
                {backup.complete && (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Verify ${backup.name}`}
                    disabled={verify.isPending}
                    onClick={() => verify.mutate(backup)}
                  >
                    {verifying === backup.name ? 'Verifying…' : 'Verify'}
                  </button>
                )}
                <button
                  type="button"
                  className="button button-small"
                  disabled={download.isPending}
                  onClick={() => download.mutate(backup)}
                >
                  Download
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionError error={verify.error} />
      {verifying && (
        <p className="admin-muted" role="status">
          Reading every entry of {verifying} and checking its checksum…
        </p>
      )}
      {verify.data && !verify.isPending && <VerifyReport report={verify.data} />}
      {data && <LastRestore restore={data.last_restore} />}
    </AdminSection>
  );
}
