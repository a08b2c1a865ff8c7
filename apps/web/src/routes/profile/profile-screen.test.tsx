import type { TProfile, TSharedFolder, TSubscription } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGsiForTests } from '../../features/identity/gsi';
import { pageNavigation } from '../../features/identity/page-navigation';
import { mockApi, type TMockHandler } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import ProfileScreen from './profile-screen';

const alice = { email: 'alice@example.test', name: 'Alice Liddell', picture: null, user_id: 'aliceUserId_0123456789' };
const counts = {
  folders: 3,
  papers: 12,
  uploads: 1,
  topics: 2,
  chat_sessions: 4,
  review_sessions: 7,
  ideas: 6,
  comments: 5,
  shared_folders: 1,
  shared_with_me: 1,
};
const subscription: TSubscription = {
  status: 'active',
  email: 'alice@example.test',
  frequency: 'weekly',
  topics: [],
  confirmation_sent_at: null,
  confirmed_at: '2026-01-02T10:00:00.000Z',
  unsubscribed_at: null,
  last_digest: null,
  mail_enabled: true,
};
const sharedFolder = (overrides: Partial<TSharedFolder>): TSharedFolder => ({
  folder_id: 7,
  name: 'Transformers',
  is_public: false,
  users: [],
  role: 'owner',
  file_count: 2,
  ...overrides,
});
const NEW_ANONYMOUS_ID = 'newAnonymousId_0123456';

type TProfileHandlers = {
  exportData?: TMockHandler<'GET /api/profile/export'>;
  library?: TMockHandler<'GET /api/profile/library.bib'>;
  libraryCsl?: TMockHandler<'GET /api/profile/library.json'>;
  deletion?: TMockHandler<'DELETE /api/profile'>;
  subscription?: TMockHandler<'GET /api/subscription'>;
};

const notMocked = () => ({ status: 503 as const, body: { error: 'UNAVAILABLE', message: 'not mocked' } });

function mockProfileApi(profile: TProfile, clientId: string | null = null, handlers: TProfileHandlers = {}) {
  return mockApi({
    'GET /api/auth/config': () => ({
      body: { google_client_id: clientId, gsi_script_url: 'http://127.0.0.1:9/gsi/client', oidc: null },
    }),
    'GET /api/profile': () => ({ body: profile }),
    'GET /api/topics': () => ({ body: { topics: ['graph neural networks', 'retrieval'] } }),
    'GET /api/subscription': handlers.subscription ?? (() => ({ body: subscription })),
    'GET /api/forum/': () => ({
      body: [
        sharedFolder({}),
        sharedFolder({ folder_id: 9, name: 'Reading group', is_public: true, role: 'commenter', owner_name: 'Bob' }),
      ],
    }),
    'GET /api/profile/export': handlers.exportData ?? notMocked,
    'GET /api/profile/library.bib': handlers.library ?? notMocked,
    'GET /api/profile/library.json': handlers.libraryCsl ?? notMocked,
    'DELETE /api/profile': handlers.deletion ?? notMocked,
    'POST /api/user/get_id': () => ({ body: { user_id: NEW_ANONYMOUS_ID } }),
    'GET /api/tokens': () => ({ body: { tokens: [] } }),
    'GET /api/ai/scorecard': () => ({
      body: { mode: 'model', model: 'qwen2.5:7b', scorecard: null, hint: 'Run `pnpm eval`' },
    }),
  });
}

const renderProfile = () => renderWithApp(<ProfileScreen title="Profile" params={{}} />, '/profile');
const goHome = vi.fn();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(pageNavigation, 'goHome').mockImplementation(goHome);
  vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
  goHome.mockClear();
  resetGsiForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
  delete window.google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('/profile, anonymous', () => {
  it('says the browser is anonymous and that sign-in is not configured here', async () => {
    mockProfileApi({ user: null, counts, is_admin: false });
    renderProfile();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByRole('heading', { name: 'You are anonymous on this browser' })).toBeInTheDocument();
    expect(await within(account).findByText(/Sign-in is not configured on this server/)).toBeInTheDocument();
  });

  it('offers API tokens to an anonymous browser too (a token acts as this id)', async () => {
    mockProfileApi({ user: null, counts, is_admin: false });
    renderProfile();
    const tokens = screen.getByRole('region', { name: 'API tokens' });
    expect(await within(tokens).findByText('No tokens yet.')).toBeInTheDocument();
    expect(within(tokens).getByRole('button', { name: 'Create token' })).toBeEnabled();
  });

  it('offers the sign-in button when sign-in is configured', async () => {
    window.google = {
      accounts: {
        id: {
          initialize: vi.fn(),
          renderButton: (parent: HTMLElement) => {
            parent.replaceChildren(
              Object.assign(document.createElement('button'), { textContent: 'Sign in with Google' }),
            );
          },
        },
      },
    };
    mockProfileApi({ user: null, counts, is_admin: false }, 'client.apps.googleusercontent.com');
    renderProfile();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(await within(account).findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });
});

describe('/profile, signed in', () => {
  /** After mockApi (which stores the test's anonymous id): this browser is Alice's. */
  function signIn() {
    localStorage.setItem('X-User-ID', alice.user_id);
    localStorage.setItem('user', JSON.stringify(alice));
  }

  const signedInProfile: TProfile = {
    user: { email: alice.email, name: alice.name, picture: null, signed_in_at: '2026-03-04T10:00:00.000Z' },
    counts,
    is_admin: false,
  };

  it('shows the person, the counts, topics, digest and shared folders', async () => {
    mockProfileApi(signedInProfile);
    signIn();
    renderProfile();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByRole('heading', { name: 'Alice Liddell' })).toBeInTheDocument();
    expect(account).toHaveTextContent('alice@example.test');
    expect(await within(account).findByText('Signed in since March 4, 2026')).toBeInTheDocument();

    const library = screen.getByRole('region', { name: 'Your library' });
    await waitFor(() => expect(within(library).getByText('Papers').nextSibling).toHaveTextContent('12'));
    expect(within(library).getByText('Chats').nextSibling).toHaveTextContent('4');
    expect(within(library).getByText('Reviews').nextSibling).toHaveTextContent('7');

    const topics = screen.getByRole('region', { name: 'Followed topics' });
    expect(await within(topics).findByText('graph neural networks')).toBeInTheDocument();

    const digest = screen.getByRole('region', { name: 'Email digest' });
    expect(await within(digest).findByText('Active')).toBeInTheDocument();
    expect(digest).toHaveTextContent('Weekly digests to alice@example.test.');
    expect(within(digest).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/subscription');

    const shared = screen.getByRole('region', { name: 'Shared folders' });
    const mine = await within(shared).findByRole('link', { name: /Transformers/ });
    expect(mine).toHaveAttribute('href', '/rwf/7');
    expect(mine).toHaveTextContent('Private · 2 papers');
    const withMe = within(shared).getByRole('link', { name: /Reading group/ });
    expect(withMe).toHaveAttribute('href', '/rwf/9');
    expect(withMe).toHaveTextContent('Public · commenter · shared by Bob');

    const ai = screen.getByRole('region', { name: 'AI on this server' });
    expect(await within(ai).findByText('Model: qwen2.5:7b · Not measured yet')).toBeInTheDocument();
    expect(within(ai).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/settings/ai');
  });

  it('offers no digest when the server cannot mail, and says so', async () => {
    const none: TSubscription = { ...subscription, status: 'none', email: null, frequency: null, mail_enabled: false };
    mockProfileApi(signedInProfile, null, { subscription: () => ({ body: none }) });
    signIn();
    renderProfile();
    const digest = screen.getByRole('region', { name: 'Email digest' });
    expect(await within(digest).findByText('Email digests are off on this server.')).toBeInTheDocument();
    expect(within(digest).queryByRole('link')).toBeNull();
    expect(digest).not.toHaveTextContent('Not subscribed');
  });

  it('exports the data as paperbench-export.json', async () => {
    const exported = { exported_at: '2026-03-04T10:00:00.000Z', user: signedInProfile.user, data: {}, bibtex: '' };
    mockProfileApi(signedInProfile, null, { exportData: () => ({ body: exported }) });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    signIn();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(clicked).toEqual(['paperbench-export.json']));
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(exported);
  });

  it('downloads the library as CSL-JSON, paperbench-library.json (docs/import-export.md#export)', async () => {
    mockProfileApi(signedInProfile, null, { libraryCsl: () => ({ body: '[]' }) });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:library'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    signIn();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Download library (CSL-JSON)' }));
    await waitFor(() => expect(clicked).toEqual(['paperbench-library.json']));
  });

  it('shows a failed BibTeX download', async () => {
    mockProfileApi(signedInProfile, null, {
      library: () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Busy.' } }),
    });
    signIn();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Download library (BibTeX)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The download failed: Busy.');
  });

  it('deletes the account only once the words are typed, then starts over anonymous on home', async () => {
    const fetchMock = mockProfileApi(signedInProfile, null, {
      deletion: ({ body }) =>
        body.confirm === 'delete my account'
          ? { status: 204 }
          : { status: 500, body: { error: 'BAD', message: 'wrong confirmation' } },
    });
    signIn();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'delete my');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), ' account');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
    const deletion = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(new Headers(deletion?.[1]?.headers).get('X-User-ID')).toBe(alice.user_id);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('X-User-ID')).toBe(NEW_ANONYMOUS_ID);
  });

  it('keeps everything when the deletion fails, and says why', async () => {
    mockProfileApi(signedInProfile, null, {
      deletion: () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Try again soon.' } }),
    });
    signIn();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account?' });
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'delete my account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account was not deleted: Try again soon.');
    expect(goHome).not.toHaveBeenCalled();
    expect(localStorage.getItem('X-User-ID')).toBe(alice.user_id);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(alice);
  });

  it('closes the dialog on Cancel without a request', async () => {
    const fetchMock = mockProfileApi(signedInProfile);
    signIn();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});
