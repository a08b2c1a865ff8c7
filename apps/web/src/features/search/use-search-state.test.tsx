import type { TSearchHit, TSearchResponse } from '@paperbench/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { mockApi, type TMockRequest } from '../../test/mock-api';
import { type TSearchScreenState, useSearchState } from './use-search-state';
import { useStartSearch } from './use-start-search';

const hit: TSearchHit = {
  paper_id: '1903.06059',
  platform: 'arxiv',
  title: 'Attention over graphs',
  authors: ['Ada Lovelace'],
  published_date: '2019-03-14',
  abstract: 'We study attention.',
  categories: ['cs.LG'],
  pdf_url: null,
  score: 0.5,
  highlights: { title: [], abstract: [] },
};

const answer = (query: string, overrides: Partial<TSearchResponse> = {}): TSearchResponse => ({
  query,
  sort: 'relevance',
  total: 42,
  total_estimated: false,
  results: [hit],
  did_you_mean: null,
  author: null,
  ranking: { index: 'gin', ranked: 1 },
  jump: null,
  summary: null,
  ...overrides,
});

/** Every state the hook returned, in render order. */
let seen: TSearchScreenState[] = [];
const latest = () => seen.at(-1);

function StateProbe() {
  seen.push(useSearchState());
  return <p>search state</p>;
}

function StartButton() {
  const startSearch = useStartSearch();
  return (
    <button type="button" onClick={() => startSearch('graphs')}>
      Search graphs
    </button>
  );
}

function renderAt(path: string) {
  seen = [];
  const router = createMemoryRouter(
    [
      { path: '/', element: <StartButton /> },
      { path: '/search', element: <StateProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function mockSearch(reply: (request: TMockRequest<{ query: string }>) => TSearchResponse | Promise<TSearchResponse>) {
  const fetchMock = mockApi({ 'POST /api/search/': async (request) => ({ body: await reply(request) }) });
  const searches = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).includes('/api/search/'))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return searches;
}

describe('useSearchState (requirements §3 Search state)', () => {
  it('reads the query and sort from the URL and the rest from the answer to exactly that request', async () => {
    const searches = mockSearch(({ body }) => answer(body.query, { summary: 'A summary' }));
    renderAt('/search?q=graphs&sort=date&category=cs&from=2018-01-01');
    expect(latest()).toMatchObject({ query: 'graphs', sortBy: 'date', isLoading: true, hasSearched: false });
    await waitFor(() => expect(latest()?.hasSearched).toBe(true));
    expect(latest()).toEqual({
      query: 'graphs',
      sortBy: 'date',
      results: [hit],
      total: 42,
      totalEstimated: false,
      didYouMean: null,
      author: null,
      ranking: { index: 'gin', ranked: 1 },
      jump: null,
      // 42 matches, one loaded: the next page can be asked for.
      more: { hasMore: true, isLoading: false, load: expect.any(Function), error: null },
      summary: 'A summary',
      includeSummary: false,
      isSummaryLoading: false,
      summaryError: null,
      hasSearched: true,
      isLoading: false,
      error: null,
    });
    expect(searches()).toEqual([
      {
        query: 'graphs',
        sort: 'date',
        limit: 30,
        offset: 0,
        include_summary: false,
        summary_type: 'full',
        categories: ['cs'],
        from: '2018-01-01',
      },
    ]);
  });

  it('turns a failed search into a sentence, with no results', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/search/': () => ({ status: 500, body: { error: 'INTERNAL', message: 'Search is down' } }) });
    renderAt('/search?q=graphs');
    await waitFor(() => expect(latest()?.hasSearched).toBe(true));
    expect(latest()).toMatchObject({ error: 'Search is down', results: [], total: 0, isLoading: false });
  });

  it('asks nothing while the URL has no query', () => {
    const searches = mockSearch(({ body }) => answer(body.query));
    renderAt('/search');
    expect(latest()).toMatchObject({ query: '', hasSearched: false, isLoading: false, results: [] });
    expect(searches()).toEqual([]);
  });

  it('never shows the results of the previous URL while the next one loads', async () => {
    let answerSecond: () => void = () => {};
    const secondAnswered = new Promise<void>((resolve) => {
      answerSecond = resolve;
    });
    mockSearch(async ({ body }) => {
      if (body.query === 'second') await secondAnswered;
      return answer(body.query, { total: body.query === 'second' ? 7 : 42 });
    });
    const router = renderAt('/search?q=first');
    await waitFor(() => expect(latest()?.total).toBe(42));
    await act(() => router.navigate('/search?q=second'));
    expect(latest()).toMatchObject({ query: 'second', results: [], total: 0, hasSearched: false, isLoading: true });
    answerSecond();
    await waitFor(() => expect(latest()?.total).toBe(7));
  });

  it('shows the kept results at once on returning to the URL, without a second request', async () => {
    const searches = mockSearch(({ body }) => answer(body.query));
    const router = renderAt('/search?q=graphs');
    await waitFor(() => expect(latest()?.hasSearched).toBe(true));
    await act(() => router.navigate('/'));
    seen = [];
    await act(() => router.navigate(-1));
    expect(seen[0]).toMatchObject({ query: 'graphs', results: [hit], total: 42, hasSearched: true, isLoading: false });
    expect(searches()).toHaveLength(1);
  });

  it('takes includeSummary from the location state of a search started in a search box (requirements §4)', async () => {
    const searches = mockSearch(({ body }) => answer(body.query));
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Search graphs' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=graphs');
    await waitFor(() => expect(latest()?.hasSearched).toBe(true));
    expect(latest()?.includeSummary).toBe(true);
    expect(searches()).toEqual([expect.objectContaining({ query: 'graphs', include_summary: true })]);
  });
});
