import { useAdminBackupsQuery, useDownloadBackupMutation } from '../../features/admin/api';
import { formatBytes, formatDateTime } from './admin-format';
import { ActionError, AdminSection, QueryState } from './admin-section';

/** Backups: the archives in BACKUP_DIR, newest first, each downloadable (audited). */
export function BackupsSection() {
  const backups = useAdminBackupsQuery();
  const download = useDownloadBackupMutation();
  const data = backups.data;
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
              <button
                type="button"
                className="button button-small"
                disabled={download.isPending}
                onClick={() => download.mutate(backup)}
              >
                Download
              </button>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
