import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { HomeSearch } from './home-search';

const searchBox = () => screen.getByRole('searchbox', { name: 'Search papers' });

describe('HomeSearch (spec §2, §4, §5)', () => {
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
