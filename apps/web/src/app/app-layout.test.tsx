import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { mockApi, TEST_USER_ID } from '../test/mock-api';
import { emptyProfileOf } from '../test/profile-fixtures';
import { AppProviders } from './app-providers';
import { appRouteObjects } from './router';

const paper = {
  paper_id: '1912.1',
  platform: 'arxiv',
  title: 'Kept paper',
  authors: [],
  published_date: null,
  abstract: null,
  categories: [],
  pdf_url: null,
};

function renderApp(path: string) {
  const router = createMemoryRouter(appRouteObjects, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const sendBeacon = vi.fn(() => true);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  sendBeacon.mockClear();
  window.scrollTo = vi.fn();
  mockApi({
    'GET /api/papers': () => ({ body: [paper] }),
    'GET /api/papers/count': () => ({ body: 1 }),
    'GET /api/metrics/site-metric': () => ({ body: { total: 5, last5: [1, 1, 1, 1, 1] } }),
  });
});

describe('AppLayout (requirements §2 navigation)', () => {
  it('sets the title and sends a page-view beacon on each navigation', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(document.title).toBe('Home · Paperbench'));
    await act(() => router.navigate('/sci'));
    await waitFor(() => expect(document.title).toBe('AI Scientist · Paperbench'));
    const beacons = sendBeacon.mock.calls.map((call) => JSON.parse((call as unknown as [string, string])[1]));
    expect(beacons.at(-1)).toMatchObject({ event: 'page_view', path: '/sci', title: 'AI Scientist · Paperbench' });
  });

  it('keeps the home view mounted but hidden while another screen shows', async () => {
    const router = renderApp('/');
    expect(await screen.findByText('Kept paper')).toBeVisible();
    await act(() => router.navigate('/chat'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Kept paper')).not.toBeVisible();
    await act(() => router.navigate(-1));
    expect(screen.getByText('Kept paper')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1, name: 'Chat' })).not.toBeInTheDocument();
  });

  it('shows the 404 page for a folder id that is not digits', async () => {
    renderApp('/rwf/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Paperbench'));
  });
});

describe('the tab title of /admin (docs/deploy.md#the-admin-page)', () => {
  const signedIn = { email: 'ada@example.test', name: 'Ada', picture: null, user_id: TEST_USER_ID };
  const profile = (isAdmin: boolean) => emptyProfileOf(signedIn, { isAdmin });
  const pageViews = () =>
    sendBeacon.mock.calls
      .map((call) => JSON.parse((call as unknown as [string, string])[1]))
      .filter((beacon) => beacon.path === '/admin');

  afterEach(() => localStorage.clear());

  it('is the 404 page title for a signed-out visitor', async () => {
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Paperbench'));
    expect(pageViews().map((beacon) => beacon.title)).toEqual(['Page Not Found · Paperbench']);
  });

  it('is the 404 page title for a signed-in user who is not an administrator, never Admin', async () => {
    localStorage.setItem('user', JSON.stringify(signedIn));
    const titles: string[] = [];
    const observer = new MutationObserver(() => titles.push(document.title));
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    const fetchMock = mockApi({ 'GET /api/profile': () => ({ body: profile(false) }) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Paperbench'));
    observer.disconnect();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContainEqual(
      expect.stringContaining('/api/profile'),
    );
    expect(titles.filter((title) => title.startsWith('Admin'))).toEqual([]);
    expect(pageViews().map((beacon) => beacon.title)).toEqual(['Page Not Found · Paperbench']);
  });

  it('is "Admin" for an administrator, reported once', async () => {
    localStorage.setItem('user', JSON.stringify(signedIn));
    mockApi({ 'GET /api/profile': () => ({ body: profile(true) }) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Server overview' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin · Paperbench'));
    expect(pageViews().map((beacon) => beacon.title)).toEqual(['Admin · Paperbench']);
  });
});
