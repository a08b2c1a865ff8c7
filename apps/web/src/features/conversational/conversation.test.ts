// @vitest-environment jsdom
import { MAX_CONVERSATION_TURNS, MAX_TURN_CHARS, type TConversationalSearchResponse } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_STRUCTURED_QUERY,
  latestQuery,
  loadConversation,
  saveConversation,
  type TExchange,
  turnsFor,
} from './conversation';

const response = (text: string, terms: string[]): TConversationalSearchResponse => ({
  query: { ...EMPTY_STRUCTURED_QUERY, terms },
  query_source: 'parser',
  search_query: terms.join(' '),
  papers: [],
  total: 0,
  synthesis: { text, source: 'extractive', citations: [], unsupported: [], abstained: false, checked: true },
  suggestions: [],
  mode: 'extractive',
});

const exchange = (id: number, request: string, overrides: Partial<TExchange> = {}): TExchange => ({
  id,
  request,
  turns: [{ role: 'user', text: request }],
  previousQuery: null,
  isQueryEdited: false,
  status: 'done',
  response: response(`Answer ${id} [1].`, [`term${id}`]),
  error: null,
  ...overrides,
});

describe('a conversation as the screen sends it (docs/ai.md#conversational-search)', () => {
  it('sends the answered requests and answers (without their [n]) before the new request', () => {
    const exchanges = [
      exchange(1, 'graphs'),
      exchange(2, 'failed one', { status: 'error', response: null, error: 'boom' }),
      exchange(3, 'molecules'),
    ];
    expect(turnsFor(exchanges, 'since 2020')).toEqual([
      { role: 'user', text: 'graphs' },
      { role: 'assistant', text: 'Answer 1.' },
      { role: 'user', text: 'molecules' },
      { role: 'assistant', text: 'Answer 3.' },
      { role: 'user', text: 'since 2020' },
    ]);
    expect(latestQuery(exchanges)?.terms).toEqual(['term3']);
    expect(latestQuery([])).toBeNull();
  });

  it('drops the oldest turns past the limit and cuts long answers, never the new request', () => {
    const long = 'x'.repeat(MAX_TURN_CHARS + 50);
    const exchanges = Array.from({ length: 15 }, (_, index) =>
      exchange(index + 1, `request ${index + 1}`, { response: response(long, ['t']) }),
    );
    const turns = turnsFor(exchanges, 'the new one');
    expect(turns).toHaveLength(MAX_CONVERSATION_TURNS);
    expect(turns.at(-1)).toEqual({ role: 'user', text: 'the new one' });
    expect(turns.every((turn) => turn.text.length <= MAX_TURN_CHARS)).toBe(true);
  });

  it('keeps the conversation in session storage; a request in flight comes back failed, with Retry', () => {
    saveConversation([exchange(1, 'graphs'), exchange(2, 'molecules', { status: 'pending', response: null })]);
    const loaded = loadConversation();
    expect(loaded.map((kept) => [kept.request, kept.status])).toEqual([
      ['graphs', 'done'],
      ['molecules', 'error'],
    ]);
    expect(loaded[1]?.error).toBe('The page was reloaded before the answer came.');
    saveConversation([]);
    expect(loadConversation()).toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['another version', JSON.stringify({ version: 2, exchanges: [] })],
    ['another shape', JSON.stringify({ version: 1, exchanges: [{ id: 'one' }] })],
  ])('starts afresh from a kept conversation that is %s', (_case, raw) => {
    sessionStorage.setItem('conversational-search', raw);
    expect(loadConversation()).toEqual([]);
  });
});
