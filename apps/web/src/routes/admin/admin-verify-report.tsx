import type { TAdminLastRestore, TAdminVerifyReport } from '@paperbench/contract';
import { formatBytes, formatCount, formatDateTime } from './admin-format';
import { Stat } from './admin-section';

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The verifier's messages start in lower case, often with an entry's path: they follow a colon, ended with a full stop. */
const sentence = (text: string) => `${text}${/[.!?)]$/.test(text) ? '' : '.'}`;

/** "Verified: 41 tables, 123,456 rows, 20 PDFs (12 MB). Safe to restore." or why not. */
export function verifySummary(report: TAdminVerifyReport): string {
  if (!report.ok) return `Not safe to restore: ${sentence(report.message ?? 'the archive did not verify')}`;
  const totals = report.totals;
  const contents = totals
    ? `${plural(totals.tables, 'table')}, ${plural(totals.rows, 'row')}, ${plural(totals.pdfs, 'PDF')} (${formatBytes(totals.pdf_bytes)})`
    : '';
  const forward = report.migrations_forward
    ? ` Restoring here applies ${plural(report.migrations_forward, 'newer migration')} after the rows.`
    : '';
  return `Verified: ${contents}. Safe to restore.${forward}`;
}

function schemaDetail(report: TAdminVerifyReport): string | null {
  if (report.schema_known === false) return 'Newer than this server: restore it with the version that wrote it';
  if (report.migrations_forward === 0) return 'This server’s schema';
  if (report.migrations_forward) return `Migrates forward ${plural(report.migrations_forward, 'migration')}`;
  return null;
}

/**
 * The answer of POST /api/admin/backups/:name/verify (docs/deploy.md#the-admin-page): the verdict in one sentence,
 * the archive's facts, each check with a written Pass or Fail (not colour alone), and the rows of every table folded.
 */
export function VerifyReport({ report }: { report: TAdminVerifyReport }) {
  const failed = report.checks.find((check) => !check.ok);
  return (
    <section
      className={`admin-report ${report.ok ? 'admin-report-ok' : 'admin-report-bad'}`}
      aria-labelledby="verify-report-heading"
    >
      <div className="admin-report-head">
        <h3 id="verify-report-heading">Verify report</h3>
        <span className="admin-backup-name">{report.name}</span>
      </div>
      <p className="admin-report-summary" role="status">
        <span className="admin-report-verdict">{report.ok ? 'Passed' : 'Failed'}</span>
        {verifySummary(report)}
      </p>
      <dl className="admin-stats">
        <Stat label="Taken" value={report.created_at ? formatDateTime(report.created_at) : '—'} />
        <Stat label="Archive size" value={formatBytes(report.bytes)} />
        <Stat
          label="Schema"
          value={report.schema_version ? <code className="admin-stat-code">{report.schema_version}</code> : '—'}
          detail={schemaDetail(report)}
          tone={report.schema_known === false ? 'danger' : undefined}
        />
      </dl>
      {failed && (
        <p className="admin-check-stopped">
          Stopped at: <strong>{failed.label}</strong>
        </p>
      )}
      <h4 className="admin-report-subheading">Checks</h4>
      <ul className="admin-checks" aria-label="Checks">
        {report.checks.map((check) => (
          // Each check names a different thing (the manifest, the schema, one table file, the PDFs…): unique labels.
          <li key={check.label} className={check.ok ? 'admin-check admin-check-ok' : 'admin-check admin-check-bad'}>
            <span className="admin-check-mark">{check.ok ? '✓ Pass' : '✗ Fail'}</span>
            <span className="admin-check-label">{check.label}</span>
          </li>
        ))}
      </ul>
      {failed && (
        <p className="admin-muted">Verification stops at the first check that fails: the ones after it did not run.</p>
      )}
      {report.tables.length > 0 && (
        <details className="admin-report-tables">
          <summary>Rows per table ({plural(report.tables.length, 'table')})</summary>
          <div className="admin-table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Table</th>
                  <th scope="col" className="admin-number">
                    Rows
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.tables.map((table) => (
                  <tr key={table.name}>
                    <td>
                      <code>{table.name}</code>
                    </td>
                    <td className="admin-number">{formatCount(table.rows)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

const duration = (ms: number) =>
  ms < 1000
    ? `${ms} ms`
    : ms < 60_000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/** GET /api/admin/backups' last_restore: the `pnpm backup restore` this database came from, or that there was none. */
export function LastRestore({ restore }: { restore: TAdminLastRestore | null }) {
  return (
    <section className="admin-report admin-restore" aria-labelledby="last-restore-heading">
      <div className="admin-report-head">
        <h3 id="last-restore-heading">Last restore</h3>
        {restore && <span className="admin-muted">{formatDateTime(restore.restored_at)}</span>}
      </div>
      {restore ? (
        <dl className="admin-stats admin-restore-stats">
          <Stat
            label="From archive"
            value={<code className="admin-stat-code">{restore.archive_name}</code>}
            detail={`taken ${formatDateTime(restore.archive_created_at)}`}
          />
          <Stat
            label="Schema"
            value={
              <code className="admin-stat-code">
                {restore.migrated_forward
                  ? `${restore.archive_schema_version} → ${restore.schema_version}`
                  : restore.schema_version}
              </code>
            }
            detail={
              restore.migrated_forward
                ? `migrated forward ${plural(restore.migrated_forward, 'migration')}`
                : 'no migration needed'
            }
          />
          <Stat
            label="Restored"
            value={`${plural(restore.rows, 'row')}`}
            detail={`${plural(restore.tables, 'table')} · ${plural(restore.pdfs, 'PDF')}`}
          />
          <Stat label="Duration" value={duration(restore.duration_ms)} />
        </dl>
      ) : (
        <p className="admin-empty">This database was not restored from a backup.</p>
      )}
    </section>
  );
}
