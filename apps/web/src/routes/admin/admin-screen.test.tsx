import type { TAdminAuditEntry, TAdminJob, TAdminUser, TAdminVerifyReport } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { emptyProfileOf } from '../../test/profile-fixtures';
import { renderWithApp } from '../../test/render-app';
import AdminScreen from './admin-screen';

const boss = { email: 'boss@example.test', name: 'The Boss', picture: null, user_id: 'bossUserId_01234567890' };
const profile = (isAdmin: boolean) => emptyProfileOf(boss, { isAdmin });

const ada: TAdminUser = {
  id: 5,
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  created_at: '2026-02-01T10:00:00.000Z',
  signed_in_at: '2026-02-01T10:00:00.000Z',
  disabled_at: null,
  is_admin: false,
  counts: {
    folders: 3,
    papers: 42,
    uploads: 2,
    upload_bytes: 5 * 1024 * 1024,
    annotations: 17,
    chat_sessions: 4,
    tokens: 1,
  },
};
const failedJob: TAdminJob = {
  id: 9,
  kind: 'extract-pdf-text',
  status: 'failed',
  attempts: 3,
  max_attempts: 3,
  subject: 'upload:up-1',
  last_error: 'PDF is encrypted',
  created_at: '2026-02-01T10:00:00.000Z',
  run_at: '2026-02-01T10:00:00.000Z',
  finished_at: '2026-02-01T10:05:00.000Z',
};

const goodReport: TAdminVerifyReport = {
  name: 'paperbench-2026-03-01.tar.gz',
  bytes: 3_000_000,
  ok: true,
  message: null,
  created_at: '2026-03-01T03:00:00.000Z',
  schema_version: '20261129111151_admin',
  schema_known: true,
  migrations_forward: 0,
  tables: [
    { name: 'public.papers', rows: 123_400 },
    { name: 'public.users', rows: 56 },
  ],
  totals: { tables: 2, rows: 123_456, pdfs: 20, pdf_bytes: 12_900_000 },
  checks: [
    { label: 'Manifest: present, well-formed, its checksum matches', ok: true },
    { label: 'tables/public.papers.jsonl: checksum, size and 123,400 rows', ok: true },
  ],
};

/** The admin API as a small in-memory server: actions change what the next reads answer. */
function mockAdminApi({ isAdmin = true }: { isAdmin?: boolean } = {}) {
  let user = ada;
  let jobs = [failedJob];
  const audit: TAdminAuditEntry[] = [];
  const record = (action: TAdminAuditEntry['action'], target: string) =>
    audit.unshift({
      id: audit.length + 1,
      created_at: '2026-03-01T12:00:00.000Z',
      actor_email: boss.email,
      action,
      target,
    });
  const fetchMock = mockApi({
    'GET /api/profile': () => ({ body: profile(isAdmin) }),
    'GET /api/admin/users': () => ({ body: { users: [user], total: 1 } }),
    'POST /api/admin/users/5/disable': () => {
      user = { ...user, disabled_at: '2026-03-01T12:00:00.000Z' };
      record('user.disable', 'user 5 (ada@example.test)');
      return { body: user };
    },
    'POST /api/admin/users/5/enable': () => {
      user = { ...user, disabled_at: null };
      record('user.enable', 'user 5 (ada@example.test)');
      return { body: user };
    },
    'DELETE /api/admin/users/5': () => {
      record('user.delete', 'user 5 (ada@example.test)');
      return { status: 204, body: undefined };
    },
    'GET /api/admin/usage': () => ({
      body: {
        quotas: [{ setting: 'USER_FOLDER_QUOTA', label: 'Folders per user', value: 1000, unit: 'count' }],
        top_users: [user],
      },
    }),
    'GET /api/admin/queue': () => ({
      body: { counts: { queued: 0, running: 0, done: 12, failed: jobs.length }, pending: [], failed: jobs },
    }),
    'POST /api/admin/queue/9/retry': () => {
      jobs = [];
      record('job.retry', 'job 9 (extract-pdf-text upload:up-1)');
      return { body: { ...failedJob, status: 'queued', attempts: 0 } };
    },
    'POST /api/admin/queue/9/discard': () => {
      jobs = [];
      record('job.discard', 'job 9 (extract-pdf-text upload:up-1)');
      return { status: 204, body: undefined };
    },
    'GET /api/admin/corpus': () => ({
      body: {
        status: {
          papers: 2_000_000,
          papers_estimated: true,
          newest_published: '2026-02-28',
          updated_at: '2026-03-01T06:00:00.000Z',
          harvesting: true,
          frozen: false,
          refresh_hint: 'Harvested from arXiv daily after 06:00 UTC (sets cs).',
        },
        harvests: [
          {
            key: 'arXivRaw:cs',
            last_datestamp: '2026-02-28',
            records_harvested: 1234,
            in_progress: false,
            updated_at: '2026-03-01T06:00:00.000Z',
          },
        ],
        last_run: { status: 'done', finished_at: '2026-03-01T06:10:00.000Z', error: null },
        harvest_pending: false,
      },
    }),
    'POST /api/admin/corpus/harvest': () => {
      record('corpus.harvest', 'job 10 (arxiv-harvest-now)');
      return { status: 202, body: { job_id: 10, queued: true } };
    },
    'GET /api/admin/ai': () => ({
      body: {
        status: { mode: 'extractive', model: null, embeddings: null },
        scorecard: { mode: 'extractive', model: null, scorecard: null, hint: 'Run pnpm eval on the server.' },
      },
    }),
    'GET /api/admin/backups': () => ({
      body: {
        backups: [
          {
            name: 'paperbench-2026-03-01.tar.gz',
            bytes: 3_000_000,
            created_at: '2026-03-01T03:00:00.000Z',
            schema_version: '20261129111151_admin',
            complete: true,
          },
        ],
        note: null,
        last_restore: null,
      },
    }),
    'POST /api/admin/backups/paperbench-2026-03-01.tar.gz/verify': () => {
      record('backup.verify', 'paperbench-2026-03-01.tar.gz');
      return { body: goodReport };
    },
    'GET /api/admin/audit': () => ({ body: { entries: audit } }),
  });
  return fetchMock;
}

const renderAdmin = () => renderWithApp(<AdminScreen title="Admin" params={{}} />, '/admin');
const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify(boss));
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin for someone who is not an administrator', () => {
  it('shows the 404 page to a signed-in non-admin, and asks nothing of the admin API', async () => {
    const fetchMock = mockAdminApi({ isAdmin: false });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(calls.filter((path) => path.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows the 404 page when signed out', async () => {
    localStorage.removeItem('user');
    mockAdminApi();
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('/admin for an administrator', () => {
  it('shows every section with its heading', async () => {
    mockAdminApi();
    renderAdmin();
    for (const heading of ['Users', 'Quotas and usage', 'Work queue', 'Corpus', 'AI', 'Backups', 'Audit log']) {
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(await within(section('Quotas and usage')).findByText('Folders per user')).toBeInTheDocument();
    expect(within(section('Quotas and usage')).getByText('USER_FOLDER_QUOTA')).toBeInTheDocument();
    expect(await within(section('Corpus')).findByText('≈ 2,000,000')).toBeInTheDocument();
    expect(within(section('Corpus')).getByText('arXivRaw:cs')).toBeInTheDocument();
    expect(await within(section('AI')).findByText('Extractive (no model)')).toBeInTheDocument();
    expect(within(section('AI')).getByText(/No scorecard for this configuration yet/)).toBeInTheDocument();
    expect(await within(section('Backups')).findByText('paperbench-2026-03-01.tar.gz')).toBeInTheDocument();
    expect(within(section('Backups')).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(section('Backups')).queryByText('Incomplete')).not.toBeInTheDocument();
    expect(within(section('Audit log')).getByText('No admin actions yet.')).toBeInTheDocument();
  });

  it('lists users with their counts, searches, disables and enables them, and shows the audit entries', async () => {
    const fetchMock = mockAdminApi();
    renderAdmin();
    const users = await screen.findByRole('list', { name: 'Users' });
    const row = within(users).getByText('ada@example.test').closest('li') as HTMLElement;
    expect(within(row).getByText('42')).toBeInTheDocument();
    expect(within(row).getByText('2 · 5.0 MB')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/admin/users?q=ada'))).toBe(true),
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await within(users).findByText('Disabled')).toBeInTheDocument();
    const audit = section('Audit log');
    expect(await within(audit).findByText('user 5 (ada@example.test)')).toBeInTheDocument();
    expect(within(audit).getByText(/by boss@example.test/)).toBeInTheDocument();

    await userEvent.click(await within(users).findByRole('button', { name: 'Enable' }));
    expect(await within(audit).findByText('Enabled')).toBeInTheDocument();
  });

  it('deletes a user only after the confirm dialog', async () => {
    const fetchMock = mockAdminApi();
    renderAdmin();
    const users = await screen.findByRole('list', { name: 'Users' });
    await userEvent.click(within(users).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete ada@example.test?' });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failed job with its reason, retries it, and queues a harvest', async () => {
    mockAdminApi();
    renderAdmin();
    const queue = await screen.findByRole('region', { name: 'Work queue' });
    expect(await within(queue).findByText('PDF is encrypted')).toBeInTheDocument();
    await userEvent.click(within(queue).getByRole('button', { name: 'Retry' }));
    expect(await within(queue).findByText('No failed jobs.')).toBeInTheDocument();
    expect(await within(section('Audit log')).findByText('Retried')).toBeInTheDocument();

    await userEvent.click(within(section('Corpus')).getByRole('button', { name: 'Harvest now' }));
    expect(await within(section('Audit log')).findByText('Harvest queued')).toBeInTheDocument();
  });

  it('verifies a backup, shows its report below the list, audits it, and says the database was not restored', async () => {
    mockAdminApi();
    renderAdmin();
    const backups = await screen.findByRole('list', { name: 'Backups' });
    expect(within(section('Backups')).getByText('This database was not restored from a backup.')).toBeInTheDocument();
    const verify = within(backups).getByRole('button', { name: 'Verify paperbench-2026-03-01.tar.gz' });
    expect(verify).toHaveTextContent('Verify');
    await userEvent.click(verify);
    const report = await within(section('Backups')).findByRole('region', { name: 'Verify report' });
    expect(
      within(report).getByText(/Verified: 2 tables, 123,456 rows, 20 PDFs \(12 MB\)\. Safe to restore\./),
    ).toBeInTheDocument();
    expect(within(within(report).getByRole('list', { name: 'Checks' })).getAllByText('✓ Pass')).toHaveLength(2);
    expect(await within(section('Audit log')).findByText('Verified')).toBeInTheDocument();
  });
});
