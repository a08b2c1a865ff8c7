import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { mockApi, type TMockReply } from '../../test/mock-api';
import { searchKeys } from './api';
import { SUGGESTION_DEBOUNCE_MS, useSearchSuggestions } from './use-search-suggestions';

type TReply = TMockReply<'GET /api/conversational/search_suggestions'>;

function mockSuggestions(reply: (q: string) => TReply | Promise<TReply>) {
  const fetchMock = mockApi({
    'GET /api/conversational/search_suggestions': ({ url }) => reply(url.searchParams.get('q') ?? ''),
  });
  const asked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').searchParams.get('q'));
  return { fetchMock, asked };
}

function renderSuggestions(text: string, isActive = true) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    (props: { text: string; isActive: boolean }) => useSearchSuggestions(props.text, props.isActive),
    {
      wrapper,
      initialProps: { text, isActive },
    },
  );
  return { ...view, queryClient };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, SUGGESTION_DEBOUNCE_MS * 2));

describe('useSearchSuggestions', () => {
  it('asks only for the text of the last typing pause', async () => {
    const { asked } = mockSuggestions((q) => ({ body: { suggestions: [{ text: `${q} networks`, kind: 'query' }] } }));
    const { result, rerender } = renderSuggestions('', false);
    rerender({ text: 'g', isActive: true });
    rerender({ text: 'gr', isActive: true });
    rerender({ text: ' gra ', isActive: true });
    await waitFor(() => expect(result.current).toEqual([{ text: 'gra networks', kind: 'query' }]));
    expect(asked()).toEqual(['gra']);
  });

  it('aborts the request of a text that changed while it was on its way', async () => {
    const { fetchMock, asked } = mockSuggestions(async (q) => {
      if (q === 'gra') await new Promise(() => {});
      return { body: { suggestions: [{ text: 'Graph colouring', kind: 'title' }] } };
    });
    const { result, rerender } = renderSuggestions('gra');
    await waitFor(() => expect(asked()).toEqual(['gra']));
    rerender({ text: 'graph', isActive: true });
    await waitFor(() => expect(result.current).toEqual([{ text: 'Graph colouring', kind: 'title' }]));
    expect(asked()).toEqual(['gra', 'graph']);
    const [, firstInit] = fetchMock.mock.calls[0] ?? [];
    expect(firstInit?.signal?.aborted).toBe(true);
  });

  it('yields none, and logs nothing, when the request fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSuggestions(() => ({ status: 500, body: { error: 'INTERNAL', message: 'down' } }));
    const { result, queryClient } = renderSuggestions('gra');
    await waitFor(() => expect(queryClient.getQueryState(searchKeys.suggestions('gra'))?.status).toBe('success'));
    expect(result.current).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('asks nothing while the box is not active or the text is past 200 characters, and hides what it had', async () => {
    const { asked } = mockSuggestions(() => ({ body: { suggestions: [{ text: 'graph', kind: 'query' }] } }));
    const { result, rerender } = renderSuggestions('gra', false);
    await pause();
    expect(asked()).toEqual([]);
    rerender({ text: 'gra', isActive: true });
    await waitFor(() => expect(result.current).toHaveLength(1));
    rerender({ text: 'g'.repeat(201), isActive: true });
    expect(result.current).toEqual([]);
    rerender({ text: 'gra', isActive: false });
    expect(result.current).toEqual([]);
    await pause();
    expect(asked()).toEqual(['gra']);
  });
});
