import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { HomeSearch } from './home-search';

const searchBox = () => screen.getByRole('combobox', { name: 'Search papers' });

describe('HomeSearch (requirements §2, §4, §5)', () => {
  it('puts the locale-grouped paper count in the placeholder', async () => {
    mockApi({ 'GET /api/papers/count': () => ({ body: 25002 }) });
    renderWithApp(<HomeSearch />);
    const expected = `Search ${(25002).toLocaleString()} papers from all fields of science.`;
    await waitFor(() => expect(searchBox()).toHaveAttribute('placeholder', expected));
  });

  it("falls back to 'Search papers...' when the count fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/papers/count': () => ({ status: 500, body: { error: 'INTERNAL', message: 'down' } }) });
    renderWithApp(<HomeSearch />);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(searchBox()).toHaveAttribute('placeholder', 'Search papers...');
  });

  it('disables Search while the trimmed text is empty', async () => {
    mockApi({ 'GET /api/papers/count': () => ({ body: 10 }) });
    renderWithApp(<HomeSearch />);
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();
    await userEvent.type(searchBox(), '   ');
    expect(button).toBeDisabled();
    await userEvent.type(searchBox(), 'graphs');
    expect(button).toBeEnabled();
  });

  it('searches on Enter: /search?q= with the trimmed query', async () => {
    mockApi({ 'GET /api/papers/count': () => ({ body: 10 }) });
    const { router } = renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), '  graph neural networks {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=graph%20neural%20networks');
  });
});

describe('HomeSearch suggestions', () => {
  const suggestionsFor: Record<string, { text: string; kind: 'query' | 'title' }[]> = {
    gra: [
      { text: 'graph neural network', kind: 'query' },
      { text: 'Graphene nanoribbons', kind: 'title' },
    ],
    graph: [
      { text: 'graph neural network', kind: 'query' },
      { text: 'Graph colouring', kind: 'title' },
    ],
  };
  function mockSuggestions() {
    return mockApi({
      'GET /api/papers/count': () => ({ body: 10 }),
      'GET /api/conversational/search_suggestions': ({ url }) => ({
        body: { suggestions: suggestionsFor[url.searchParams.get('q') ?? ''] ?? [] },
      }),
    });
  }
  const suggestionCalls = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([input]) => String(input).includes('search_suggestions'));

  it('shows completions as a listbox tied to the combobox, with the typed part in bold', async () => {
    mockSuggestions();
    renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), 'gra');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
    expect(searchBox()).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['graph neural networkPopular', 'Graphene nanoribbonsPaper']);
    expect(options[0]).toHaveAccessibleName('graph neural network');
    expect(options[1]?.querySelector('strong')?.textContent).toBe('Gra');
  });

  it('asks once per typing pause and aborts the request of older text', async () => {
    // The answer for "gra" is still on its way when the typing goes on: that request is aborted.
    const fetchMock = mockApi({
      'GET /api/papers/count': () => ({ body: 10 }),
      'GET /api/conversational/search_suggestions': async ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        if (q === 'gra') await new Promise(() => {});
        return { body: { suggestions: suggestionsFor[q] ?? [] } };
      },
    });
    renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), 'gra');
    await waitFor(() => expect(suggestionCalls(fetchMock)).toHaveLength(1));
    await userEvent.type(searchBox(), 'ph');
    await screen.findByRole('option', { name: 'Graph colouring' }, { timeout: 3000 });
    const asked = suggestionCalls(fetchMock).map(([input]) => new URL(String(input), 'http://x').searchParams.get('q'));
    // userEvent types faster than the debounce: "g", "gr" and "grap" are never asked.
    expect(asked).toEqual(['gra', 'graph']);
    const signals = suggestionCalls(fetchMock).map(([, init]) => (init as RequestInit).signal);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('moves with ↑/↓ (aria-activedescendant) and searches the active suggestion on Enter', async () => {
    mockSuggestions();
    const { router } = renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), 'gra');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Graphene nanoribbons');
    expect(searchBox()).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(router.state.location.search).toBe('?q=graph%20neural%20network');
  });

  it('closes on Esc and searches the typed text on Enter', async () => {
    mockSuggestions();
    const { router } = renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), 'gra');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
    expect(searchBox()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?q=gra');
  });

  it('searches a suggestion clicked with the mouse', async () => {
    mockSuggestions();
    const { router } = renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), 'gra');
    await userEvent.click(await screen.findByRole('option', { name: 'Graphene nanoribbons' }));
    expect(router.state.location.search).toBe('?q=Graphene%20nanoribbons');
  });

  it('shows nothing, and no error, when suggestions fail', async () => {
    mockApi({ 'GET /api/papers/count': () => ({ body: 10 }) });
    renderWithApp(<HomeSearch />);
    await userEvent.type(searchBox(), 'gra');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
