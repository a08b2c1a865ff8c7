import type { TAdminLastRestore, TAdminVerifyReport } from '@paperbench/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LastRestore, VerifyReport } from './admin-verify-report';

const report: TAdminVerifyReport = {
  name: 'paperbench-20261129T030000Z.tar.gz',
  bytes: 10_700_000,
  ok: true,
  message: null,
  created_at: '2026-11-29T03:00:00.000Z',
  schema_version: '20261129111151_admin',
  schema_known: true,
  migrations_forward: 1,
  tables: [
    { name: 'public.papers', rows: 25_003 },
    { name: 'public.stored_files', rows: 1 },
  ],
  totals: { tables: 2, rows: 25_004, pdfs: 1, pdf_bytes: 4096 },
  checks: [
    { label: 'Manifest: present, well-formed, its checksum matches', ok: true },
    { label: 'Schema 20261129111151_admin is one this version knows', ok: true },
    { label: 'tables/public.papers.jsonl: checksum, size and 25,003 rows', ok: true },
  ],
};

/** docs/deploy.md#the-admin-page: the verify report and the last restore, as the Backups section shows them. */
describe('VerifyReport', () => {
  it('says it is safe to restore with the counts, lists every check as Pass, and folds the rows per table', async () => {
    render(<VerifyReport report={report} />);
    const panel = screen.getByRole('region', { name: 'Verify report' });
    expect(within(panel).getByText('Passed')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Verified: 2 tables, 25,004 rows, 1 PDF (4.0 KB). Safe to restore. Restoring here applies 1 newer migration after the rows.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Migrates forward 1 migration')).toBeInTheDocument();
    const checks = within(panel).getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem')).toHaveLength(3);
    expect(within(checks).getAllByText('✓ Pass')).toHaveLength(3);
    expect(within(checks).queryByText('✗ Fail')).not.toBeInTheDocument();
    // The per-table rows are folded until asked for.
    const table = within(panel).getByRole('table', { hidden: true });
    expect(table.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(within(panel).getByText('Rows per table (2 tables)'));
    expect(table.closest('details')).toHaveAttribute('open');
    expect(within(table).getByText('public.papers')).toBeInTheDocument();
    expect(within(table).getByText('25,003')).toBeInTheDocument();
  });

  it('shows a damaged archive as not safe, with the verifier’s message and the failed check marked Fail in text', () => {
    const damaged: TAdminVerifyReport = {
      ...report,
      ok: false,
      message: 'tables/public.papers.jsonl does not match its checksum in the manifest: the archive is damaged',
      checks: [
        report.checks[0] as TAdminVerifyReport['checks'][number],
        { label: 'tables/public.papers.jsonl: checksum, size and 25,003 rows', ok: false },
      ],
    };
    render(<VerifyReport report={damaged} />);
    const panel = screen.getByRole('region', { name: 'Verify report' });
    expect(within(panel).getByText('Failed')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Not safe to restore: tables/public.papers.jsonl does not match its checksum in the manifest: the archive is damaged.',
      ),
    ).toBeInTheDocument();
    const failed = within(within(panel).getByRole('list', { name: 'Checks' }))
      .getByText('✗ Fail')
      .closest('li') as HTMLElement;
    expect(failed).toHaveTextContent('tables/public.papers.jsonl: checksum, size and 25,003 rows');
    // Where it stopped, also above the list (a long list scrolls inside its box).
    expect(within(panel).getByText(/Stopped at:/)).toHaveTextContent(
      'Stopped at: tables/public.papers.jsonl: checksum, size and 25,003 rows',
    );
    expect(within(panel).getByText(/Verification stops at the first check that fails/)).toBeInTheDocument();
  });

  it('says an archive of a newer schema cannot be restored here, with no counts when the manifest was unreadable', () => {
    render(
      <VerifyReport
        report={{
          ...report,
          ok: false,
          message: 'the archive is damaged or truncated (unexpected end of file)',
          created_at: null,
          schema_version: null,
          schema_known: null,
          migrations_forward: null,
          tables: [],
          totals: null,
          checks: [{ label: 'Manifest: present, well-formed, its checksum matches', ok: false }],
        }}
      />,
    );
    expect(
      screen.getByText('Not safe to restore: the archive is damaged or truncated (unexpected end of file)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Rows per table/)).not.toBeInTheDocument();
  });
});

describe('LastRestore', () => {
  it('shows when, from which archive, the schema migrated from and to, the counts and the duration', () => {
    const restore: TAdminLastRestore = {
      restored_at: '2026-11-29T10:00:00.000Z',
      archive_name: 'paperbench-20261128T030000Z.tar.gz',
      archive_created_at: '2026-11-28T03:00:00.000Z',
      archive_schema_version: '20261129111257_oidc_sign_in',
      schema_version: '20261129121245_admin',
      migrated_forward: 1,
      tables: 51,
      rows: 25_003,
      pdfs: 100,
      duration_ms: 34_200,
    };
    render(<LastRestore restore={restore} />);
    const card = screen.getByRole('region', { name: 'Last restore' });
    expect(within(card).getByText('paperbench-20261128T030000Z.tar.gz')).toBeInTheDocument();
    expect(within(card).getByText('20261129111257_oidc_sign_in → 20261129121245_admin')).toBeInTheDocument();
    expect(within(card).getByText('migrated forward 1 migration')).toBeInTheDocument();
    expect(within(card).getByText('25,003 rows')).toBeInTheDocument();
    expect(within(card).getByText('51 tables · 100 PDFs')).toBeInTheDocument();
    expect(within(card).getByText('34.2 s')).toBeInTheDocument();
  });

  it('says so when the database was not restored from a backup', () => {
    render(<LastRestore restore={null} />);
    expect(
      within(screen.getByRole('region', { name: 'Last restore' })).getByText(
        'This database was not restored from a backup.',
      ),
    ).toBeInTheDocument();
  });
});
