import type { TSearchRequestInput, TSearchResponse } from '@paperbench/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/app-providers';
import { mockApi, type TMockReply, type TMockRequest } from '../../test/mock-api';
import { searchHit } from '../../test/search-fixtures';
import SearchScreen from './search-screen';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** A 200 answer of POST /api/search/. */
const answer = (overrides: Partial<TSearchResponse> = {}): { body: TSearchResponse } => ({
  body: {
    query: 'graphs',
    sort: 'relevance',
    total: 0,
    total_estimated: false,
    results: [],
    did_you_mean: null,
    summary: null,
    author: null,
    ranking: { index: 'rum', ranked: 0 },
    jump: null,
    ...overrides,
  },
});

const hits = (offset: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    searchHit(`2001.${String(offset + i).padStart(5, '0')}`, `Graph paper ${offset + i}`, 'On graphs.'),
  );

const SEARCH = 'POST /api/search/';

/** Mocks the search with `reply`; returns the offsets the screen asked for, in order. */
function mockSearch(reply: (body: TSearchRequestInput) => TMockReply<typeof SEARCH>) {
  const offsets: number[] = [];
  mockApi({
    [SEARCH]: (request: TMockRequest<TSearchRequestInput>) => {
      offsets.push(request.body.offset ?? 0);
      return reply(request.body);
    },
    'GET /api/search/categories': () => ({ body: { archives: [] } }),
  });
  return offsets;
}

/** The screen at its own route (renderWithApp's /search is a stand-in), and the paper route it may open. */
function renderSearchAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchScreen /> },
      { path: '/paper/:id/:platform?', element: <p>paper page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('the search screen pages and jumps (docs/search.md)', () => {
  it('loads 30 more at a time until every match is shown, with the exact total', async () => {
    const offsets = mockSearch((body) =>
      answer({
        total: 65,
        ranking: { index: 'rum', ranked: 65 },
        results: hits(body.offset ?? 0, Math.min(30, 65 - (body.offset ?? 0))),
      }),
    );
    const user = userEvent.setup();
    renderSearchAt('/search?q=graphs');
    expect(await screen.findByText('Showing 30 of 65')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 60 of 65')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 65 of 65')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(offsets).toEqual([0, 30, 60]);
    expect(titles()).toHaveLength(65);
  });

  it('keeps the results when a further page fails, and says so', async () => {
    mockSearch((body) =>
      (body.offset ?? 0) > 0
        ? { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Try again soon.' } }
        : answer({ total: 40, results: hits(0, 30) }),
    );
    const user = userEvent.setup();
    renderSearchAt('/search?q=graphs');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More results could not be loaded: Try again soon.');
    expect(titles()).toHaveLength(30);
  });

  it('says when only a capped candidate set was ranked (no RUM index)', async () => {
    mockSearch(() => answer({ total: 5000, ranking: { index: 'gin', ranked: 300 }, results: hits(0, 30) }));
    renderSearchAt('/search?q=graphs');
    expect(
      await screen.findByText(/Ranked by relevance among the newest 300 matches; older ones follow newest first/),
    ).toBeInTheDocument();
  });

  it('writes an estimated total as "about" (a very common word on a large corpus)', async () => {
    mockSearch(() => answer({ total: 1108025, total_estimated: true, results: hits(0, 30) }));
    renderSearchAt('/search?q=model');
    expect(await screen.findByText('about 1,108,025 results for “model”')).toBeInTheDocument();
    expect(screen.getByText(/Showing 30 of about 1,108,025/)).toBeInTheDocument();
  });

  it('opens the paper an arXiv id names', async () => {
    const paper = searchHit('2101.00001', 'Jumpable paper', 'About it.');
    mockSearch(() => answer({ total: 1, results: [paper], jump: { via: 'arxiv_id', paper, missing: null } }));
    const router = renderSearchAt('/search?q=2101.00001');
    await waitFor(() => expect(router.state.location.pathname).toBe('/paper/2101.00001/arxiv'));
  });

  it('says when a name typed alone was searched as an author', async () => {
    mockSearch(() => answer({ total: 2, author: 'Hilda Quenneth', results: hits(0, 2) }));
    renderSearchAt('/search?q=Hilda%20Quenneth');
    expect(await screen.findByText('2 papers by Hilda Quenneth')).toBeInTheDocument();
  });

  it('says why a named paper could not be opened', async () => {
    mockSearch(() => answer({ jump: { via: 'arxiv_id', paper: null, missing: 'sign_in_to_fetch' } }));
    renderSearchAt('/search?q=2101.00002');
    expect(
      await screen.findByText(
        'The arXiv paper with this id is not in this corpus yet: sign in and search again to fetch it from arXiv.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No papers match “2101.00002”' })).toBeInTheDocument();
  });
});
