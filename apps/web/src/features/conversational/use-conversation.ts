import type { TConversationalSearchRequest, TStructuredQuery } from '@paperbench/contract';
import { useEffect, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { CONVERSATIONAL_LIMIT, useConversationalSearchMutation } from './api';
import { latestQuery, loadConversation, saveConversation, type TExchange, turnsFor } from './conversation';

const requestBody = ({ turns, previousQuery, isQueryEdited }: TExchange): TConversationalSearchRequest => ({
  turns,
  ...(previousQuery && { previous_query: previousQuery }),
  query_edited: isQueryEdited && previousQuery !== null,
  limit: CONVERSATIONAL_LIMIT,
});

/**
 * The conversation of docs/ai.md#conversational-search as state: its exchanges (kept for the tab in session
 * storage), whether one is being answered, and what the user can do: ask (a follow-up refines the latest
 * query), run edited chips again in place of an answer, retry a failed one, start over. `onAsked` runs
 * when a new request joins the thread (the screen scrolls it into view).
 */
export function useConversation(onAsked: () => void) {
  const [exchanges, setExchanges] = useState<TExchange[]>(loadConversation);
  const search = useConversationalSearchMutation();
  const isAnswering = exchanges.some((exchange) => exchange.status === 'pending');

  useEffect(() => saveConversation(exchanges), [exchanges]);

  const update = (id: number, change: Partial<TExchange>) =>
    setExchanges((list) => list.map((exchange) => (exchange.id === id ? { ...exchange, ...change } : exchange)));

  const run = async (exchange: TExchange) => {
    const { id } = exchange;
    try {
      const response = await search.mutateAsync(requestBody(exchange));
      update(id, { status: 'done', response, error: null });
    } catch (error) {
      update(id, { status: 'error', error: `The search failed: ${parseApiError(error).message}` });
    }
  };

  const ask = (request: string) => {
    if (isAnswering) return;
    const id = (exchanges.at(-1)?.id ?? 0) + 1;
    const turns = turnsFor(exchanges, request);
    const exchange: TExchange = {
      id,
      request,
      turns,
      previousQuery: latestQuery(exchanges),
      isQueryEdited: false,
      status: 'pending',
      response: null,
      error: null,
    };
    setExchanges((list) => [...list, exchange]);
    // The new request comes into view above the composer.
    onAsked();
    void run(exchange);
  };

  /** The chips as the user left them run again, as given (query_edited), in place of that exchange's answer. */
  const editQuery = (exchange: TExchange, query: TStructuredQuery) => {
    const edited: TExchange = {
      ...exchange,
      previousQuery: query,
      isQueryEdited: true,
      status: 'pending',
      error: null,
    };
    update(exchange.id, edited);
    void run(edited);
  };

  const retry = (exchange: TExchange) => {
    update(exchange.id, { status: 'pending', error: null });
    void run(exchange);
  };

  return { exchanges, isAnswering, ask, editQuery, retry, clear: () => setExchanges([]) };
}
