import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHeader } from '../../app/app-header';
import { mockApi, TEST_USER_ID, type TMockHandler } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { pageNavigation } from './page-navigation';

/** docs/security.md#openid-connect: the header's "Sign in with <OIDC_NAME>" and the return from the provider. */
const grace = { email: 'grace@lab.example', name: 'Grace Hopper', picture: null, user_id: 'graceUserId_0123456789' };
const OIDC = { name: 'Lab SSO', start_url: '/api/auth/oidc/start' };

const reload = vi.fn();
const assign = vi.fn();

function mockOidcApi(
  config: { google_client_id: string | null; oidc: typeof OIDC | null },
  handlers: {
    start?: TMockHandler<'POST /api/auth/oidc/start'>;
    complete?: TMockHandler<'POST /api/auth/oidc/complete'>;
  } = {},
) {
  return mockApi({
    'GET /api/metrics/site-metric': () => ({ body: { total: 5, last5: [1, 1, 1, 1, 1] } }),
    'GET /api/auth/config': () => ({ body: { ...config, gsi_script_url: 'http://127.0.0.1:9/gsi/client' } }),
    'GET /api/folders': () => ({ body: [] }),
    'POST /api/auth/oidc/start':
      handlers.start ?? (() => ({ body: { login_url: '/api/auth/oidc/login?state=the-state' } })),
    'POST /api/auth/oidc/complete': handlers.complete ?? (() => ({ body: grace })),
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(pageNavigation, 'reload').mockImplementation(reload);
  vi.spyOn(pageNavigation, 'assign').mockImplementation(assign);
  reload.mockClear();
  assign.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('header: sign-in with the OpenID Connect provider', () => {
  it('shows "Sign in with <name>" only when a provider is configured', async () => {
    mockOidcApi({ google_client_id: null, oidc: null });
    const { unmount } = renderWithApp(<AppHeader />);
    await screen.findByRole('button', { name: /Page views/ });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /sign in/i })).not.toBeInTheDocument();
    unmount();

    mockOidcApi({ google_client_id: null, oidc: OIDC });
    renderWithApp(<AppHeader />);
    expect(await screen.findByRole('button', { name: 'Sign in with Lab SSO' })).toBeInTheDocument();
  });

  it('is an icon button, still named, where the header is short of room', async () => {
    const matchMedia = vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      mockOidcApi({ google_client_id: null, oidc: OIDC });
      renderWithApp(<AppHeader />);
      const button = await screen.findByRole('button', { name: 'Sign in with Lab SSO' });
      expect(button).toHaveTextContent('');
      expect(button.querySelector('svg')).not.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('binds the sign-in to this browser, returning to this page, and leaves for the login URL', async () => {
    window.history.replaceState(null, '', '/monitor?day=2');
    const fetchMock = mockOidcApi(
      { google_client_id: null, oidc: OIDC },
      {
        start: ({ body, headers }) =>
          body.return_to === '/monitor?day=2' && headers.get('X-User-ID') === TEST_USER_ID
            ? { body: { login_url: '/api/auth/oidc/login?state=s1' } }
            : { status: 400, body: { error: 'INVALID_REQUEST', message: 'unexpected' } },
      },
    );
    renderWithApp(<AppHeader />, '/monitor?day=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Lab SSO' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/oidc/login?state=s1'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/oidc/start'))).toBe(true);
  });

  it('shows why the provider could not be reached, and stays', async () => {
    mockOidcApi(
      { google_client_id: null, oidc: OIDC },
      {
        start: () => ({
          status: 502,
          body: {
            error: 'BAD_GATEWAY',
            message: 'The sign-in provider could not be reached (discovery); try again later',
          },
        }),
      },
    );
    renderWithApp(<AppHeader />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Lab SSO' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in failed: The sign-in provider could not be reached (discovery); try again later',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('back from the provider: exchanges the one-time code, stores the user, clears the fragment, reloads', async () => {
    window.history.replaceState(null, '', '/monitor?day=2#oidc_code=one-time');
    mockOidcApi(
      { google_client_id: null, oidc: OIDC },
      {
        complete: ({ body, headers }) =>
          body.code === 'one-time' && headers.get('X-User-ID') === TEST_USER_ID
            ? { body: grace }
            : { status: 401, body: { error: 'UNAUTHORIZED', message: 'unexpected' } },
      },
    );
    renderWithApp(<AppHeader />, '/monitor?day=2');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.location.hash).toBe('');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/monitor?day=2');
    expect(localStorage.getItem('X-User-ID')).toBe(grace.user_id);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(grace);
  });

  it('back from the provider with a refusal: shows it, keeps the anonymous id', async () => {
    window.history.replaceState(
      null,
      '',
      `/#${new URLSearchParams({ oidc_error: "Sign-in refused: Lab SSO has not verified this account's email" })}`,
    );
    const fetchMock = mockOidcApi({ google_client_id: null, oidc: OIDC });
    renderWithApp(<AppHeader />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sign-in refused: Lab SSO has not verified this account's email",
    );
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem('X-User-ID')).toBe(TEST_USER_ID);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/oidc/complete'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a code refused by the server (409: the email is taken) is shown, and nothing is stored', async () => {
    window.history.replaceState(null, '', '/#oidc_code=one-time');
    mockOidcApi(
      { google_client_id: null, oidc: OIDC },
      {
        complete: () => ({
          status: 409,
          body: { error: 'CONFLICT', message: 'Another account on this server already uses grace@lab.example' },
        }),
      },
    );
    renderWithApp(<AppHeader />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in failed: Another account on this server already uses grace@lab.example',
    );
    expect(localStorage.getItem('X-User-ID')).toBe(TEST_USER_ID);
    expect(localStorage.getItem('user')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
