import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHeader } from '../../app/app-header';
import { mockApi, TEST_USER_ID, type TMockHandler } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { resetGsiForTests } from './gsi';
import { pageNavigation } from './page-navigation';

const GSI_URL = 'http://127.0.0.1:9/gsi/client';
const CLIENT_ID = 'paperbench-test.apps.googleusercontent.com';
const alice = { email: 'alice@example.test', name: 'Alice Liddell', picture: null, user_id: 'aliceUserId_0123456789' };
const NEW_ANONYMOUS_ID = 'newAnonymousId_0123456';

const reload = vi.fn();

/** A stand-in for google.accounts.id that renders a plain button calling back with a credential. */
function installFakeGis(credential = 'header.jwt.token') {
  const gis = {
    initialize: vi.fn(),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('button');
      button.textContent = 'Sign in with Google';
      button.addEventListener('click', () => {
        const config = gis.initialize.mock.calls.at(-1)?.[0] as
          | { callback: (r: { credential: string }) => void }
          | undefined;
        config?.callback({ credential });
      });
      parent.replaceChildren(button);
    }),
  };
  window.google = { accounts: { id: gis } };
  return gis;
}

type THeaderHandlers = {
  login?: TMockHandler<'POST /api/auth/google-login'>;
  logout?: TMockHandler<'POST /api/auth/logout'>;
};

function mockHeaderApi(clientId: string | null, handlers: THeaderHandlers = {}) {
  return mockApi({
    'GET /api/metrics/site-metric': () => ({ body: { total: 5, last5: [1, 1, 1, 1, 1] } }),
    'GET /api/auth/config': () => ({ body: { google_client_id: clientId, gsi_script_url: GSI_URL, oidc: null } }),
    'GET /api/folders': () => ({ body: [] }),
    'POST /api/auth/google-login':
      handlers.login ?? (() => ({ status: 501, body: { error: 'NOT_IMPLEMENTED', message: 'not configured' } })),
    'POST /api/auth/logout': handlers.logout ?? (() => ({ status: 204 })),
    'POST /api/user/get_id': () => ({ body: { user_id: NEW_ANONYMOUS_ID } }),
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(pageNavigation, 'reload').mockImplementation(reload);
  reload.mockClear();
  resetGsiForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
  delete window.google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('header, signed out (requirements §2)', () => {
  it('shows no sign-in button at all when the server has no client id', async () => {
    const fetchMock = mockHeaderApi(null);
    renderWithApp(<AppHeader />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/config'))).toBe(true),
    );
    await screen.findByRole('button', { name: /Page views/ });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('button', { name: /sign in/i })).not.toBeInTheDocument();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('loads the GIS script from the configured URL and renders its button', async () => {
    const gis = installFakeGis();
    mockHeaderApi(CLIENT_ID);
    renderWithApp(<AppHeader />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(document.head.querySelector(`script[src="${GSI_URL}"]`)).not.toBeNull();
    expect(gis.initialize).toHaveBeenCalledWith({ client_id: CLIENT_ID, callback: expect.any(Function) });
  });

  it('signs in: posts the credential, stores the user and its id, reloads', async () => {
    installFakeGis('the.id.token');
    const fetchMock = mockHeaderApi(CLIENT_ID, {
      login: ({ body }) =>
        body.credential === 'the.id.token'
          ? { body: alice }
          : { status: 401, body: { error: 'UNAUTHORIZED', message: 'bad token' } },
    });
    renderWithApp(<AppHeader />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(alice);
    expect(localStorage.getItem('X-User-ID')).toBe(alice.user_id);
    const login = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/auth/google-login'));
    expect(new Headers(login?.[1]?.headers).get('X-User-ID')).toBe(TEST_USER_ID);
  });

  it('shows a refused sign-in and keeps the anonymous id (no retry under a new id)', async () => {
    installFakeGis('expired.token');
    const fetchMock = mockHeaderApi(CLIENT_ID, {
      login: () => ({
        status: 401,
        body: { error: 'UNAUTHORIZED', message: 'The Google sign-in could not be verified.' },
      }),
    });
    renderWithApp(<AppHeader />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in failed: The Google sign-in could not be verified.',
    );
    expect(localStorage.getItem('X-User-ID')).toBe(TEST_USER_ID);
    expect(localStorage.getItem('user')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/user/get_id'))).toBe(false);
  });

  it('says so when the GIS script cannot load', async () => {
    mockHeaderApi(CLIENT_ID);
    renderWithApp(<AppHeader />);
    await waitFor(() => expect(document.head.querySelector('script')).not.toBeNull());
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  });

  it('treats an unparsable cached user as signed out', async () => {
    installFakeGis();
    mockHeaderApi(CLIENT_ID);
    localStorage.setItem('user', '{"email":');
    renderWithApp(<AppHeader />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('header, signed in (requirements §2, §4 logout)', () => {
  beforeEach(() => {
    installFakeGis();
  });

  function signedIn(handlers: THeaderHandlers = {}) {
    const fetchMock = mockHeaderApi(CLIENT_ID, handlers);
    localStorage.setItem('X-User-ID', alice.user_id);
    localStorage.setItem('user', JSON.stringify(alice));
    return fetchMock;
  }

  it('shows the avatar (initials without a picture) and the name, no sign-in button', async () => {
    signedIn();
    renderWithApp(<AppHeader />);
    const account = screen.getByRole('button', { name: 'Account: Alice Liddell' });
    expect(account).toHaveTextContent('AL');
    expect(account).toHaveTextContent('Alice Liddell');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await screen.findByRole('button', { name: /Page views/ });
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('shows the picture when there is one', () => {
    mockHeaderApi(CLIENT_ID);
    localStorage.setItem('user', JSON.stringify({ ...alice, picture: 'https://example.test/alice.png' }));
    renderWithApp(<AppHeader />);
    const account = screen.getByRole('button', { name: 'Account: Alice Liddell' });
    expect(account.querySelector('img')).toHaveAttribute('src', 'https://example.test/alice.png');
  });

  it('opens a menu with Profile and Logout; Esc closes it and returns focus', async () => {
    signedIn();
    renderWithApp(<AppHeader />);
    const account = screen.getByRole('button', { name: 'Account: Alice Liddell' });
    await userEvent.click(account);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('closes the menu on a click outside', async () => {
    signedIn();
    renderWithApp(<AppHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Account: Alice Liddell' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out: revokes the id, clears user and id, takes a new anonymous id, reloads', async () => {
    const fetchMock = signedIn({ logout: () => ({ status: 204 }) });
    renderWithApp(<AppHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Account: Alice Liddell' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const logout = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/auth/logout'));
    expect(new Headers(logout?.[1]?.headers).get('X-User-ID')).toBe(alice.user_id);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('X-User-ID')).toBe(NEW_ANONYMOUS_ID);
    // The sign-in button renders again (requirements §4), before the reload lands.
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('shows a failed logout and stays signed in', async () => {
    signedIn({ logout: () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Try again soon.' } }) });
    renderWithApp(<AppHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Account: Alice Liddell' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Logout failed: Try again soon.');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(alice);
    expect(localStorage.getItem('X-User-ID')).toBe(alice.user_id);
    expect(reload).not.toHaveBeenCalled();
  });
});
