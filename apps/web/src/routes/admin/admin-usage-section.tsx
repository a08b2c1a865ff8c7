import { useAdminUsageQuery } from '../../features/admin/api';
import { formatBytes, formatCount } from './admin-format';
import { AdminSection, QueryState } from './admin-section';

/** Quotas and usage: the per-user quotas as configured, and the users holding the most. */
export function UsageSection() {
  const usage = useAdminUsageQuery();
  const data = usage.data;
  const uploadQuota = data?.quotas.find((quota) => quota.setting === 'USER_UPLOAD_QUOTA_BYTES')?.value;
  return (
    <AdminSection
      id="usage"
      title="Quotas and usage"
      description="Per-user limits set in the environment (docs/security.md), and who holds the most."
    >
      <QueryState isPending={usage.isPending} error={usage.error} />
      {data && (
        <div className="admin-split">
          <dl className="admin-quotas" aria-label="Quotas">
            {data.quotas.map((quota) => (
              <div key={quota.label} className="admin-quota">
                <dt>{quota.label}</dt>
                <dd>
                  <span className="admin-quota-value">
                    {quota.unit === 'bytes' ? formatBytes(quota.value) : formatCount(quota.value)}
                  </span>
                  {quota.setting.startsWith('(') ? (
                    <span className="admin-muted">fixed</span>
                  ) : (
                    <code>{quota.setting}</code>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <div className="admin-top-users">
            <h3>Top users by storage</h3>
            {data.top_users.length === 0 && <p className="admin-empty">No signed-in users yet.</p>}
            <ol className="admin-ranking">
              {data.top_users.map((user) => {
                const share = uploadQuota ? Math.min(1, user.counts.upload_bytes / uploadQuota) : 0;
                return (
                  <li key={user.id}>
                    <div className="admin-ranking-line">
                      <span className="admin-ranking-email">{user.email}</span>
                      <span className="admin-ranking-figure">
                        {formatBytes(user.counts.upload_bytes)} · {formatCount(user.counts.papers)} papers
                      </span>
                    </div>
                    <div className="admin-meter" aria-hidden="true">
                      <span style={{ width: `${Math.max(share * 100, share > 0 ? 2 : 0)}%` }} />
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
      )}
    </AdminSection>
  );
}
