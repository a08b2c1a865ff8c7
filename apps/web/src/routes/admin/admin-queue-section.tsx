import type { TAdminJob } from '@paperbench/contract';
import { useAdminQueueQuery, useDiscardJobMutation, useRetryJobMutation } from '../../features/admin/api';
import { formatCount, formatDateTime } from './admin-format';
import { ActionError, AdminSection, QueryState, Stat } from './admin-section';

function FailedJob({ job }: { job: TAdminJob }) {
  const retry = useRetryJobMutation();
  const discard = useDiscardJobMutation();
  const isBusy = retry.isPending || discard.isPending;
  return (
    <li className="admin-job">
      <div className="admin-job-head">
        <span className="admin-job-kind">{job.kind}</span>
        {job.subject && <code className="admin-job-subject">{job.subject}</code>}
        <span className="admin-muted">
          #{job.id} · {job.attempts}/{job.max_attempts} tries
          {job.finished_at && ` · failed ${formatDateTime(job.finished_at)}`}
        </span>
      </div>
      <p className="admin-job-reason">{job.last_error ?? 'No reason recorded'}</p>
      <div className="admin-row-actions">
        <button type="button" className="button button-small" disabled={isBusy} onClick={() => retry.mutate(job.id)}>
          Retry
        </button>
        <button type="button" className="button button-small" disabled={isBusy} onClick={() => discard.mutate(job.id)}>
          Discard
        </button>
      </div>
      <ActionError error={retry.error ?? discard.error} />
    </li>
  );
}

/** Work queue: counts by status, failed jobs with their reasons (retry, discard), and what is pending. */
export function QueueSection() {
  const queue = useAdminQueueQuery();
  const data = queue.data;
  return (
    <AdminSection
      id="queue"
      title="Work queue"
      description="Background work: text extraction, fetching, indexing, harvests (docs/queue.md)."
    >
      <QueryState isPending={queue.isPending} error={queue.error} />
      {data && (
        <>
          <dl className="admin-stats">
            <Stat label="Queued" value={formatCount(data.counts.queued)} />
            <Stat label="Running" value={formatCount(data.counts.running)} />
            <Stat
              label="Failed"
              value={formatCount(data.counts.failed)}
              tone={data.counts.failed ? 'danger' : undefined}
            />
            <Stat
              label="Done (kept)"
              value={formatCount(data.counts.done)}
              tone={data.counts.done ? 'success' : undefined}
            />
          </dl>
          <h3>Failed</h3>
          {data.failed.length === 0 ? (
            <p className="admin-empty">No failed jobs.</p>
          ) : (
            <ul className="admin-list" aria-label="Failed jobs">
              {data.failed.map((job) => (
                <FailedJob key={job.id} job={job} />
              ))}
            </ul>
          )}
          <h3>Pending</h3>
          {data.pending.length === 0 ? (
            <p className="admin-empty">Nothing is waiting.</p>
          ) : (
            <ul className="admin-list admin-list-compact" aria-label="Pending jobs">
              {data.pending.map((job) => (
                <li key={job.id} className="admin-job">
                  <div className="admin-job-head">
                    <span className="admin-job-kind">{job.kind}</span>
                    {job.subject && <code className="admin-job-subject">{job.subject}</code>}
                    <span className={`admin-tag${job.status === 'running' ? ' admin-tag-accent' : ''}`}>
                      {job.status}
                    </span>
                    <span className="admin-muted">
                      #{job.id} · due {formatDateTime(job.run_at)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </AdminSection>
  );
}
