import { useAdminCorpusQuery, useHarvestNowMutation } from '../../features/admin/api';
import { formatCount, formatDateTime } from './admin-format';
import { ActionError, AdminSection, QueryState, Stat } from './admin-section';

/** Corpus: its size and freshness, each set's last harvest, and "Harvest now". */
export function CorpusSection() {
  const corpus = useAdminCorpusQuery();
  const harvest = useHarvestNowMutation();
  const data = corpus.data;
  const isPending = data?.harvest_pending === true;
  const lastRun = data?.last_run;
  return (
    <AdminSection
      id="corpus"
      title="Corpus"
      description="The papers search and the feeds read, and how they are kept fresh (docs/ingest.md)."
      action={
        <button
          type="button"
          className="button button-primary"
          disabled={!data || harvest.isPending || isPending}
          onClick={() => harvest.mutate(undefined)}
        >
          {isPending ? 'Harvest queued' : 'Harvest now'}
        </button>
      }
    >
      <ActionError error={harvest.error} />
      <QueryState isPending={corpus.isPending} error={corpus.error} />
      {data && (
        <>
          <dl className="admin-stats">
            <Stat
              label="Papers"
              value={`${data.status.papers_estimated ? '≈ ' : ''}${formatCount(data.status.papers)}`}
            />
            <Stat label="Newest paper" value={data.status.newest_published ?? '—'} />
            <Stat
              label="Last refresh"
              value={data.status.updated_at ? formatDateTime(data.status.updated_at) : 'Never'}
            />
            <Stat
              label="Last harvest run"
              value={lastRun ? (lastRun.status === 'failed' ? 'Failed' : 'Done') : 'None yet'}
              detail={lastRun?.finished_at ? formatDateTime(lastRun.finished_at) : null}
              tone={lastRun?.status === 'failed' ? 'danger' : undefined}
            />
          </dl>
          <p className={data.status.frozen ? 'admin-notice admin-notice-warning' : 'admin-notice'}>
            {data.status.refresh_hint}
          </p>
          {lastRun?.error && <p className="admin-job-reason">{lastRun.error}</p>}
          {data.harvests.length > 0 && (
            <table className="admin-table">
              <caption className="admin-muted">Harvest state by set</caption>
              <thead>
                <tr>
                  <th scope="col">Set</th>
                  <th scope="col">Up to</th>
                  <th scope="col">Records</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {data.harvests.map((state) => (
                  <tr key={state.key}>
                    <td>
                      <code>{state.key}</code>
                      {state.in_progress && <span className="admin-tag admin-tag-accent">in progress</span>}
                    </td>
                    <td>{state.last_datestamp ?? '—'}</td>
                    <td>{formatCount(state.records_harvested)}</td>
                    <td>{formatDateTime(state.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </AdminSection>
  );
}
