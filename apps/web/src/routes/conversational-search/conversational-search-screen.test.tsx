import type {
  TAnalyzePaperResponse,
  TConversationalSearchRequest,
  TConversationalSearchResponse,
  TSearchHit,
  TStructuredQuery,
} from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTRACTIVE_LABEL } from '../../features/chat/chat-answer';
import { NOT_VERIFIED_TEXT } from '../../features/chat/citation-chip';
import { mockApi, type TMockHandler } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { attentionOverGraphs, searchHit } from '../../test/search-fixtures';
import ConversationalSearchScreen, { EXAMPLE_REQUESTS, OFFLINE_NOTICE_TEXT } from './conversational-search-screen';

const papers = [
  attentionOverGraphs,
  searchHit('1903.00002', 'Message passing for molecules', 'Message passing predicts molecular properties.'),
];

const firstQuery: TStructuredQuery = {
  terms: ['graph', 'neural', 'networks'],
  phrases: [],
  categories: ['cs.LG'],
  date_from: '2018-01-01',
  date_to: null,
  exclude: [],
};

const answer = (overrides: Partial<TConversationalSearchResponse> = {}): TConversationalSearchResponse => ({
  query: firstQuery,
  query_source: 'parser',
  search_query: 'graph neural networks',
  papers,
  total: 42,
  synthesis: {
    text: 'Graph attention weighs neighbours [1]. Message passing predicts molecular properties [2].',
    source: 'extractive',
    citations: [
      { n: 1, platform: 'arxiv', paper_id: '1903.00001', quote: 'Graph attention networks weigh neighbours.' },
      { n: 2, platform: 'arxiv', paper_id: '1903.00002', quote: 'Message passing predicts molecular properties.' },
    ],
    unsupported: [],
    abstained: false,
    checked: true,
  },
  suggestions: ['Only since 2021', 'Also in stat.ML'],
  mode: 'extractive',
  ...overrides,
});

const analysis = (overrides: Partial<TAnalyzePaperResponse> = {}): TAnalyzePaperResponse => ({
  paper_id: '1903.00002',
  platform: 'arxiv',
  text: 'It predicts molecular properties by passing messages along bonds [1].',
  citations: [{ n: 1, quote: 'Message passing predicts molecular properties.', page: 4 }],
  unsupported: [],
  source: 'full_text',
  abstained: false,
  mode: 'extractive',
  ...overrides,
});

type TSearchHandler = TMockHandler<'POST /api/improved-conversational/search'>;

function mockConversationalApi({
  search = () => ({ body: answer() }),
  analyze = () => ({ body: analysis() }),
  mode = 'extractive',
}: {
  search?: TSearchHandler;
  analyze?: TMockHandler<'POST /api/improved-conversational/analyze-paper'>;
  mode?: 'model' | 'extractive';
} = {}) {
  return mockApi({
    'POST /api/improved-conversational/search': search,
    'POST /api/improved-conversational/analyze-paper': analyze,
    'GET /api/ai/status': () => ({ body: { mode, model: mode === 'model' ? 'test-model' : null, embeddings: null } }),
    'GET /api/chat/files': () => ({ body: [] }),
  });
}

/** The bodies the screen sent to the search endpoint, in order. */
function searchBodies(fetchMock: ReturnType<typeof mockApi>): TConversationalSearchRequest[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/improved-conversational/search'))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

const renderScreen = () =>
  renderWithApp(<ConversationalSearchScreen params={{}} title="Conversational Search" />, '/conversational-search');

async function ask(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /^Your (request|follow-up)$/ }), `${text}{Enter}`);
}

const answerTo = (request: string) => screen.findByRole('article', { name: `Answer to: ${request}` });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
});

describe('the conversational search screen (docs/ai.md#conversational-search)', () => {
  it('offers three example requests before the first, and a click on one asks it', async () => {
    const fetchMock = mockConversationalApi();
    renderScreen();
    const examples = screen.getByRole('list', { name: 'Example requests' });
    expect(within(examples).getAllByRole('button')).toHaveLength(3);
    await userEvent.click(within(examples).getByRole('button', { name: EXAMPLE_REQUESTS[0] }));
    await answerTo(EXAMPLE_REQUESTS[0]);
    expect(searchBodies(fetchMock)[0]?.turns).toEqual([{ role: 'user', text: EXAMPLE_REQUESTS[0] }]);
  });

  it('sends a request on Enter and shows the query chips, the cited answer and the papers', async () => {
    const fetchMock = mockConversationalApi();
    renderScreen();
    const box = screen.getByRole('textbox', { name: 'Your request' });
    // Shift+Enter is a new line, not a send.
    await userEvent.type(box, 'graph neural networks{Shift>}{Enter}{/Shift}since 2018 in cs.LG');
    expect(searchBodies(fetchMock)).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    const request = 'graph neural networks\nsince 2018 in cs.LG';
    const turn = await screen.findByRole('article', {
      name: /^Answer to: graph neural networks\s+since 2018 in cs\.LG$/,
    });
    expect(searchBodies(fetchMock)).toEqual([
      { turns: [{ role: 'user', text: request }], query_edited: false, limit: 10 },
    ]);
    expect(box).toHaveValue('');

    const chips = within(turn).getByRole('list', { name: 'Search query' });
    expect(within(chips).getByRole('button', { name: 'Edit Word: graph' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Edit Category: cs.LG' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Edit Published since: since 2018' })).toBeInTheDocument();
    const synthesis = within(turn).getByRole('region', { name: 'Answer from the papers' });
    expect(synthesis).toHaveTextContent('Graph attention weighs neighbours');
    expect(within(turn).getByText('The top 2 of 42 papers')).toBeInTheDocument();
    expect(within(turn).getByRole('article', { name: 'Attention over graphs' })).toBeInTheDocument();
    expect(within(turn).getByRole('article', { name: 'Message passing for molecules' })).toBeInTheDocument();
    // The usual card actions are there.
    expect(within(turn).getAllByRole('button', { name: 'Add to File List' })).toHaveLength(2);
  });

  it('links each [n] of the answer to the n-th card', async () => {
    mockConversationalApi();
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    const synthesis = within(turn).getByRole('region', { name: 'Answer from the papers' });
    await userEvent.click(within(synthesis).getByRole('button', { name: /^Citation 2/ }));
    const card = within(turn).getByRole('article', { name: 'Message passing for molecules' });
    expect(card).toHaveFocus();
    expect(card.scrollIntoView).toHaveBeenCalled();
    expect(within(synthesis).getByRole('button', { name: /^Citation 1/ })).toHaveClass('is-supported');
  });

  it('marks the citations of an unchecked answer as not verified', async () => {
    mockConversationalApi({
      search: () => ({ body: answer({ synthesis: { ...answer().synthesis, checked: false } }) }),
    });
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    expect(within(turn).getByRole('button', { name: new RegExp(`^Citation 1.*${NOT_VERIFIED_TEXT}`) })).toHaveClass(
      'is-unsupported',
    );
  });

  it('searches again without a removed chip: the edited query goes as previous_query', async () => {
    let calls = 0;
    const fetchMock = mockConversationalApi({
      search: ({ body }) => {
        calls += 1;
        if (calls === 1) return { body: answer() };
        return {
          body: answer({
            query: { ...firstQuery, ...body.previous_query },
            papers: [papers[1] as TSearchHit],
            total: 1,
          }),
        };
      },
    });
    renderScreen();
    await ask('graph neural networks since 2018 in cs.LG');
    const turn = await answerTo('graph neural networks since 2018 in cs.LG');
    await userEvent.click(within(turn).getByRole('button', { name: 'Remove Published since: since 2018' }));

    await waitFor(() => expect(within(turn).queryByRole('article', { name: 'Attention over graphs' })).toBeNull());
    const [, rerun] = searchBodies(fetchMock);
    expect(rerun?.previous_query).toEqual({ ...firstQuery, date_from: null });
    // The edited chips run as given: the request is sent as asked, and not read again.
    expect(rerun?.query_edited).toBe(true);
    expect(rerun?.turns).toEqual([{ role: 'user', text: 'graph neural networks since 2018 in cs.LG' }]);
    expect(within(turn).queryByRole('button', { name: /Published since/ })).toBeNull();
    expect(within(turn).getByText('1 paper')).toBeInTheDocument();
    // Still one exchange: the edit replaced its answer.
    expect(screen.getAllByRole('article', { name: /^Answer to:/ })).toHaveLength(1);
  });

  it('edits a chip in place and adds one with +', async () => {
    const fetchMock = mockConversationalApi({
      search: ({ body }) => ({ body: answer({ query: { ...firstQuery, ...body.previous_query } }) }),
    });
    renderScreen();
    await ask('graph neural networks since 2018 in cs.LG');
    const turn = await answerTo('graph neural networks since 2018 in cs.LG');

    await userEvent.click(within(turn).getByRole('button', { name: 'Edit Category: cs.LG' }));
    const editor = within(turn).getByRole('textbox', { name: 'Edit category' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'stat.ML{Enter}');
    await waitFor(() => expect(searchBodies(fetchMock)).toHaveLength(2));
    expect(searchBodies(fetchMock)[1]?.previous_query?.categories).toEqual(['stat.ML']);
    await within(turn).findByRole('button', { name: 'Edit Category: stat.ML' });

    await userEvent.click(within(turn).getByRole('button', { name: 'Add' }));
    const adder = within(turn).getByRole('form', { name: 'Add to the query' });
    await userEvent.selectOptions(within(adder).getByRole('combobox', { name: 'Kind' }), 'Exclude');
    await userEvent.type(within(adder).getByRole('textbox', { name: 'Exclude' }), 'survey');
    await userEvent.click(within(adder).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(searchBodies(fetchMock)).toHaveLength(3));
    expect(searchBodies(fetchMock)[2]?.previous_query).toMatchObject({ categories: ['stat.ML'], exclude: ['survey'] });
    expect(searchBodies(fetchMock)[2]).toMatchObject({ query_edited: true });
    expect(searchBodies(fetchMock)[2]?.turns.at(-1)?.text).toBe('graph neural networks since 2018 in cs.LG');
    await within(turn).findByRole('button', { name: 'Edit Exclude: not survey' });
  });

  it('refuses a chip the search cannot take, says why, and sends nothing', async () => {
    const fetchMock = mockConversationalApi({
      search: () => ({ body: answer({ query: { ...firstQuery, terms: ['graph'] } }) }),
    });
    renderScreen();
    await ask('graph');
    const turn = await answerTo('graph');
    // The last word cannot go: a search needs one.
    expect(within(turn).getByRole('button', { name: 'Remove Word: graph' })).toBeDisabled();

    await userEvent.click(within(turn).getByRole('button', { name: 'Add' }));
    const adder = within(turn).getByRole('form', { name: 'Add to the query' });
    await userEvent.selectOptions(within(adder).getByRole('combobox', { name: 'Kind' }), 'Published until');
    await userEvent.type(within(adder).getByRole('textbox', { name: 'Published until' }), '2015{Enter}');
    expect(within(turn).getByRole('alert')).toHaveTextContent('The start year must not be after the end year.');

    await userEvent.selectOptions(within(adder).getByRole('combobox', { name: 'Kind' }), 'Category');
    const category = within(adder).getByRole('textbox', { name: 'Category' });
    await userEvent.clear(category);
    await userEvent.type(category, 'not a category{Enter}');
    expect(within(turn).getByRole('alert')).toHaveTextContent('a category looks like cs.CL');
    expect(searchBodies(fetchMock)).toHaveLength(1);
  });

  it('sends a follow-up suggestion with the conversation so far and the last query as previous_query', async () => {
    const fetchMock = mockConversationalApi();
    renderScreen();
    await ask('graph neural networks');
    const first = await answerTo('graph neural networks');
    const suggestions = within(first).getByRole('list', { name: 'Follow up' });
    await userEvent.click(within(suggestions).getByRole('button', { name: 'Only since 2021' }));
    await answerTo('Only since 2021');

    const [, followUp] = searchBodies(fetchMock);
    expect(followUp?.previous_query).toEqual(firstQuery);
    expect(followUp?.turns).toEqual([
      { role: 'user', text: 'graph neural networks' },
      // The answer goes back without its [n], which cite a list the next request does not see.
      { role: 'assistant', text: 'Graph attention weighs neighbours. Message passing predicts molecular properties.' },
      { role: 'user', text: 'Only since 2021' },
    ]);
    // Only the latest answer offers follow-ups.
    expect(within(first).queryByRole('list', { name: 'Follow up' })).toBeNull();
  });

  it('analyzes a paper inline: cited, with where it read the paper, and hides it again', async () => {
    const fetchMock = mockConversationalApi();
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    const card = within(turn).getByRole('article', { name: 'Message passing for molecules' });
    await userEvent.click(within(card).getByRole('button', { name: 'Analyze' }));

    const panel = await within(turn).findByRole('region', { name: 'Analysis' });
    await within(panel).findByText(/passing messages along bonds/);
    expect(within(panel).getByText('From the full text')).toBeInTheDocument();
    expect(within(panel).getByText(EXTRACTIVE_LABEL)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Citation 1, page 4/ })).toBeInTheDocument();
    const request = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/analyze-paper'));
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({
      turns: [{ role: 'user', text: 'graph neural networks' }],
      query: firstQuery,
      platform: 'arxiv',
      paper_id: '1903.00002',
    });

    await userEvent.click(within(card).getByRole('button', { name: 'Hide analysis' }));
    expect(within(turn).queryByRole('region', { name: 'Analysis' })).toBeNull();
  });

  it('says when a paper does not address the conversation, read from its abstract', async () => {
    mockConversationalApi({
      analyze: () => ({
        body: analysis({
          text: 'This paper does not address your request.',
          citations: [],
          source: 'abstract',
          abstained: true,
        }),
      }),
    });
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    await userEvent.click(within(turn).getAllByRole('button', { name: 'Analyze' })[0] as HTMLElement);
    const panel = await within(turn).findByRole('region', { name: 'Analysis' });
    expect(await within(panel).findByText('This paper does not address your request.')).toBeInTheDocument();
    expect(within(panel).getByText('From the abstract')).toBeInTheDocument();
  });

  it('says a failure plainly and asks again on Retry', async () => {
    let calls = 0;
    mockConversationalApi({
      search: () => {
        calls += 1;
        return calls === 1
          ? { status: 429, body: { error: 'TOO_MANY_REQUESTS', message: 'Too many AI requests: at most 20 a minute' } }
          : { body: answer() };
      },
    });
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    expect(await within(turn).findByRole('alert')).toHaveTextContent(
      'The search failed: Too many AI requests: at most 20 a minute',
    );
    await userEvent.click(within(turn).getByRole('button', { name: 'Retry' }));
    await within(turn).findByRole('article', { name: 'Attention over graphs' });
    expect(within(turn).queryByRole('alert')).toBeNull();
  });

  it('labels an answer made without a model, and says no model is configured', async () => {
    mockConversationalApi();
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    expect(within(turn).getByText(EXTRACTIVE_LABEL)).toBeInTheDocument();
    expect(within(turn).getByText('Searched for (read without a model)')).toBeInTheDocument();
    expect(await screen.findByText(OFFLINE_NOTICE_TEXT)).toBeInTheDocument();
  });

  it('shows a model’s answer unlabelled', async () => {
    mockConversationalApi({
      mode: 'model',
      search: () => ({
        body: answer({ mode: 'model', query_source: 'model', synthesis: { ...answer().synthesis, source: 'model' } }),
      }),
    });
    renderScreen();
    await ask('graph neural networks');
    const turn = await answerTo('graph neural networks');
    await within(turn).findByText(/Graph attention weighs/);
    expect(within(turn).queryByText(EXTRACTIVE_LABEL)).toBeNull();
    expect(within(turn).getByText('Searched for')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOTICE_TEXT)).toBeNull();
  });

  it('keeps the conversation through a reload of the tab, and New conversation clears it', async () => {
    mockConversationalApi();
    const first = renderScreen();
    await ask('graph neural networks');
    await answerTo('graph neural networks');
    first.unmount();

    renderScreen();
    const turn = await answerTo('graph neural networks');
    expect(within(turn).getByRole('article', { name: 'Attention over graphs' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.getByRole('list', { name: 'Example requests' })).toBeInTheDocument();
  });
});
