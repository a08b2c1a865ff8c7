import type { TAdminAction } from '@paperbench/contract';
import { useAdminAuditQuery } from '../../features/admin/api';
import { formatDateTime } from './admin-format';
import { AdminSection, QueryState } from './admin-section';

/** What each action is called on the page. */
export const ACTION_LABELS: Record<TAdminAction, string> = {
  'user.disable': 'Disabled',
  'user.enable': 'Enabled',
  'user.delete': 'Deleted',
  'job.retry': 'Retried',
  'job.discard': 'Discarded',
  'corpus.harvest': 'Harvest queued',
  'backup.download': 'Downloaded',
  'backup.verify': 'Verified',
};

/** Actions that take something away read red; the rest in the accent. */
const TAG_CLASS: Record<TAdminAction, string> = {
  'user.disable': 'admin-tag admin-tag-danger',
  'user.enable': 'admin-tag admin-tag-accent',
  'user.delete': 'admin-tag admin-tag-danger',
  'job.retry': 'admin-tag admin-tag-accent',
  'job.discard': 'admin-tag admin-tag-danger',
  'corpus.harvest': 'admin-tag admin-tag-accent',
  'backup.download': 'admin-tag',
  'backup.verify': 'admin-tag',
};

/** Audit log: every admin action, newest first: who, what, on what, when. */
export function AuditSection() {
  const audit = useAdminAuditQuery();
  const entries = audit.data?.entries;
  return (
    <AdminSection id="audit" title="Audit log" description="Every action taken on this page, newest first.">
      <QueryState isPending={audit.isPending} error={audit.error} />
      {entries?.length === 0 && <p className="admin-empty">No admin actions yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="admin-audit" aria-label="Audit log">
          {entries.map((entry) => (
            <li key={entry.id} className="admin-audit-entry">
              <span className={TAG_CLASS[entry.action]}>{ACTION_LABELS[entry.action]}</span>
              <span className="admin-audit-target">{entry.target}</span>
              <span className="admin-muted">
                by {entry.actor_email} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </AdminSection>
  );
}
