import type { TSearchSummary } from '@paperbench/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/app-providers';
import SearchScreen from '../../routes/search/search-screen';
import { mockApi } from '../../test/mock-api';
import { attentionOverGraphs, searchHit } from '../../test/search-fixtures';
import { searchLocationState } from './search-url';

const results = [
  attentionOverGraphs,
  searchHit('1903.00002', 'Graph pooling', 'Pooling coarsens graphs hierarchically.'),
];

const summary = (overrides: Partial<TSearchSummary> = {}): TSearchSummary => ({
  summary: 'Graph attention networks weigh neighbours by learned attention [1]. Pooling wins every benchmark [2].',
  source: 'model',
  passages: results.map((result, index) => ({
    n: index + 1,
    paper_id: result.paper_id,
    platform: 'arxiv',
    page: 1,
    text: result.abstract ?? '',
  })),
  citations: { supported: [1], unsupported: [2] },
  abstained: false,
  ...overrides,
});

function renderSearch({ includeSummary }: { includeSummary: boolean }) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchScreen /> }], {
    initialEntries: [{ pathname: '/search', search: '?q=graphs', state: searchLocationState(includeSummary) }],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const searchAnswer = () => ({
  body: {
    query: 'graphs',
    sort: 'relevance' as const,
    total: 2,
    total_estimated: false,
    results,
    did_you_mean: null,
    summary: null,
    author: null,
    ranking: { index: 'gin' as const, ranked: 2 },
    jump: null,
  },
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
});

describe('the search summary panel (requirements §3 Search state, docs/ai.md#summaries)', () => {
  it('asks for a summary of the top results once they are in, shows it loading, then with [n] linking to the cards', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = mockApi({
      'POST /api/search/': searchAnswer,
      'POST /api/search-summary/': async () => {
        await answered;
        return { body: summary() };
      },
    });
    renderSearch({ includeSummary: true });
    const panel = await screen.findByRole('region', { name: 'Summary of the top results' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Summarising the top results…');
    answer();
    await within(panel).findByText(/wins every benchmark/);
    const request = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/search-summary/'));
    expect(JSON.parse(String(request?.[1]?.body))).toMatchObject({
      query: 'graphs',
      papers: [
        expect.objectContaining({ paper_id: '1903.00001' }),
        expect.objectContaining({ paper_id: '1903.00002' }),
      ],
    });
    // The unverified citation and its sentence are marked, never shown as checked.
    expect(within(panel).getByRole('button', { name: /^Citation 2.*Not verified/ })).toHaveClass('is-unsupported');
    expect(within(panel).queryByText('Extractive summary — no AI model configured')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: /^Citation 1/ }));
    const firstCard = screen.getByRole('article', { name: 'Attention over graphs' });
    expect(firstCard).toHaveFocus();
    expect(firstCard.scrollIntoView).toHaveBeenCalled();
  });

  it('labels an extractive summary', async () => {
    mockApi({
      'POST /api/search/': searchAnswer,
      'POST /api/search-summary/': () => ({
        body: summary({ source: 'extractive', citations: { supported: [1, 2], unsupported: [] } }),
      }),
    });
    renderSearch({ includeSummary: true });
    expect(await screen.findByText('Extractive summary — no AI model configured')).toBeInTheDocument();
  });

  it('says a failure plainly and tries again on Retry', async () => {
    let calls = 0;
    mockApi({
      'POST /api/search/': searchAnswer,
      'POST /api/search-summary/': () => {
        calls += 1;
        return calls === 1
          ? { status: 429, body: { error: 'TOO_MANY_REQUESTS', message: 'Too many AI requests: at most 20 a minute' } }
          : { body: summary() };
      },
    });
    renderSearch({ includeSummary: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The summary could not be written: Too many AI requests: at most 20 a minute');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/wins every benchmark/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('asks for nothing and shows no panel without includeSummary', async () => {
    const fetchMock = mockApi({ 'POST /api/search/': searchAnswer });
    renderSearch({ includeSummary: false });
    await screen.findByRole('article', { name: 'Attention over graphs' });
    expect(screen.queryByRole('region', { name: 'Summary of the top results' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search-summary'))).toBe(false);
  });
});
