import type { TChatFile, TChatMessage, TChatSessionSummary, TScorecard, TStreamEvent } from '@paperbench/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_STATUS_LINK_TEXT, NOT_MEASURED_TEXT } from '../../features/ai-status/scorecard-line';
import { EXTRACTIVE_LABEL } from '../../features/chat/chat-answer';
import { NOT_VERIFIED_TEXT } from '../../features/chat/citation-chip';
import { chatWithQuote } from '../../features/chat/quote-state';
import { useFileListPanel } from '../../features/file-list/file-list-panel-state';
import { mockApi, type TMockHandler } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { sseFrame, sseResponse } from '../../test/sse-response';
import ChatScreen, { OFFLINE_BANNER_TEXT } from './chat-screen';
import { NO_PAPERS_TEXT } from './context-papers';
import { DELETE_SESSION_CONFIRM } from './sessions-sidebar';

const paper: TChatFile = {
  paper_id: 'up_Abc123',
  platform: 'upload',
  filename: 'Attention paper',
  paper_URL: '/api/uploads/up_Abc123/pdf',
  selected: true,
  embedding_status: 'ready',
};
const abstractOnly: TChatFile = {
  ...paper,
  paper_id: '1706.03762',
  platform: 'arxiv',
  filename: 'Remote paper',
  paper_URL: null,
  embedding_status: 'abstract-only',
};
const passages = [
  { n: 1, paper_id: paper.paper_id, platform: paper.platform, page: 3, text: 'Self-attention relates positions.' },
  { n: 2, paper_id: paper.paper_id, platform: paper.platform, page: 5, text: 'BLEU rose to 28.4.' },
];
const session: TChatSessionSummary = {
  id: 7,
  title: 'Attention',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

const answerEvents: TStreamEvent[] = [
  { type: 'session', session_id: 7 },
  { type: 'sources', papers: [{ paper_id: paper.paper_id, platform: paper.platform }] },
  { type: 'passages', passages },
  { type: 'delta', content: 'Attention **relates** positions [1]. ' },
  { type: 'delta', content: 'The score was 30 [2].' },
  {
    type: 'done',
    message_id: 42,
    source: 'extractive',
    abstained: false,
    citations: { supported: [1], unsupported: [2] },
  },
];

type TStreamHandler = (init: RequestInit) => Response;

/**
 * The API for the chat screen: typed mocks for the contract's routes, and beside them the streamed
 * answer, which the JSON-only typed mock cannot give.
 */
function mockChatApi({
  files = [paper],
  mode = 'model',
  stream = () => sseResponse([...answerEvents.map(sseFrame), sseFrame('[DONE]')]).response,
  sessions = () => ({ body: [] }),
  messages = () => ({ body: [] }),
  scorecard = null,
}: {
  files?: TChatFile[];
  mode?: 'model' | 'extractive';
  stream?: TStreamHandler;
  sessions?: TMockHandler<'GET /api/chat/sessions'>;
  messages?: TMockHandler<'GET /api/chat/messages'>;
  scorecard?: TScorecard | null;
} = {}) {
  const model = mode === 'model' ? 'test-model' : null;
  const apiFetch = mockApi({
    'GET /api/chat/files': () => ({ body: files }),
    'GET /api/chat/sessions': sessions,
    'GET /api/chat/messages': messages,
    'POST /api/chat/sessions': () => ({ status: 201, body: { ...session, id: 8, title: 'New chat', messages: [] } }),
    'POST /api/chat/update_session_title': ({ body }) => ({ body: { ...session, title: body.title } }),
    'DELETE /api/chat/sessions': () => ({ body: { ok: true } }),
    'GET /api/ai/status': () => ({ body: { mode, model, embeddings: null } }),
    'GET /api/ai/scorecard': () => ({ body: { mode, model, scorecard, hint: 'Run `pnpm eval`' } }),
  });
  const streamBodies: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/chat/stream_chat') {
      streamBodies.push(JSON.parse(String(init.body)));
      return stream(init);
    }
    return apiFetch(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`);
  return { calls, streamBodies };
}

/** Shows what the File List panel was asked to open (the panel itself is not part of this screen). */
function OpenPdfProbe() {
  const { pdf } = useFileListPanel();
  return <output aria-label="open pdf">{pdf ? JSON.stringify(pdf) : ''}</output>;
}

function renderChat(state: unknown = null) {
  return renderWithApp(
    <>
      <ChatScreen title="Chat" params={{}} />
      <OpenPdfProbe />
    </>,
    { pathname: '/chat', state },
  );
}

async function ask(question: string) {
  const box = await screen.findByRole('textbox', { name: 'Your question' });
  await waitFor(() => expect(box).toBeEnabled());
  await userEvent.type(box, `${question}{Enter}`);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('/chat', () => {
  describe('a quote from the reader (Ask AI)', () => {
    const quote = { paper_id: '1706.03762', platform: 'arxiv', page: 5, exact: 'Attention is all you need.' };

    it('shows it above the composer, prefills nothing, sends it with the next message, then clears it', async () => {
      const { streamBodies } = mockChatApi();
      const { router } = renderChat(chatWithQuote(quote).state);
      expect(await screen.findByText('Asking about: “Attention is all you need.” — p. 5')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
      await ask('What does this mean?');
      await waitFor(() => expect(streamBodies).toEqual([{ message: 'What does this mean?', quote }]));
      expect(screen.queryByText(/Asking about/)).not.toBeInTheDocument();
      expect(router.state.location.state).toBeNull();
    });

    it('goes again with Retry after a failed answer', async () => {
      let attempt = 0;
      const { streamBodies } = mockChatApi({
        stream: () => {
          attempt += 1;
          const failed = sseFrame({ type: 'error', error: 'MODEL_ERROR', message: 'The model stopped answering.' });
          return sseResponse(attempt === 1 ? [failed, sseFrame('[DONE]')] : answerEvents.map(sseFrame)).response;
        },
      });
      renderChat(chatWithQuote(quote).state);
      await ask('Why?');
      await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
      await waitFor(() =>
        expect(streamBodies).toEqual([
          { message: 'Why?', quote },
          { message: 'Why?', quote },
        ]),
      );
    });

    it('is removed by its button, and the message goes without it', async () => {
      const { streamBodies } = mockChatApi();
      renderChat(chatWithQuote(quote).state);
      await userEvent.click(await screen.findByRole('button', { name: 'Remove quote' }));
      expect(screen.queryByText(/Asking about/)).not.toBeInTheDocument();
      await ask('And this?');
      await waitFor(() => expect(streamBodies).toEqual([{ message: 'And this?' }]));
    });

    it('lets the reader ask about it with no paper selected, and ignores state that is no quote', async () => {
      mockChatApi({ files: [] });
      const { unmount } = renderChat(chatWithQuote(quote).state);
      const box = await screen.findByRole('textbox', { name: 'Your question' });
      await waitFor(() => expect(box).toBeEnabled());
      unmount();
      renderChat({ quote: { ...quote, page: 0 } });
      expect(await screen.findByText(NO_PAPERS_TEXT)).toBeInTheDocument();
      expect(screen.queryByText(/Asking about/)).not.toBeInTheDocument();
    });
  });

  it('streams an answer: deltas in order, citation previews, unverified marked, extractive label', async () => {
    const { streamBodies } = mockChatApi({ mode: 'extractive' });
    renderChat();
    expect(await screen.findByText(OFFLINE_BANNER_TEXT)).toBeInTheDocument();
    await ask('What does attention do?');

    const answer = await screen.findByRole('article', { name: 'Answer' });
    // The deltas in order, each [n] a chip (whose preview text follows its number).
    await waitFor(() =>
      expect(answer).toHaveTextContent(/^.*Attention relates positions 1Page 3.*\. The score was 30 2Page 5/),
    );
    expect(within(answer).getByText('relates').tagName).toBe('STRONG');
    expect(within(answer).getByText(EXTRACTIVE_LABEL)).toBeInTheDocument();
    expect(streamBodies).toEqual([{ message: 'What does attention do?' }]);

    const verified = within(answer).getByRole('button', { name: 'Citation 1, page 3' });
    expect(verified).toHaveAccessibleDescription('Page 3Self-attention relates positions.');
    const unverified = within(answer).getByRole('button', { name: `Citation 2, page 5, ${NOT_VERIFIED_TEXT}` });
    expect(unverified).toHaveAttribute('title', NOT_VERIFIED_TEXT);
    // The sentence the unverified citation closes is marked too.
    const claim = answer.querySelector('.claim-unverified');
    expect(claim).toHaveTextContent('The score was 30');
    expect(claim).toHaveAttribute('title', NOT_VERIFIED_TEXT);

    await userEvent.click(verified);
    expect(JSON.parse(screen.getByRole('status', { name: 'open pdf' }).textContent ?? '')).toMatchObject({
      name: 'Attention paper',
      url: '/api/uploads/up_Abc123/pdf',
      page: 3,
      highlight: 'Self-attention relates positions.',
    });
  });

  it('shows a stored answer with the passages and verdicts the server stored with it', async () => {
    let isStored = false;
    const { calls } = mockChatApi({
      sessions: () => ({ body: isStored ? [session] : [] }),
      messages: () => ({
        body: isStored
          ? ([
              { id: 41, role: 'user', content: 'Q', source: null, created_at: session.created_at },
              {
                id: 42,
                role: 'assistant',
                content: 'Stored answer [1] and [2].',
                source: 'model',
                created_at: session.created_at,
                passages,
                citations: { supported: [1], unsupported: [2] },
                abstained: false,
              },
            ] satisfies TChatMessage[])
          : [],
      }),
      stream: () => {
        isStored = true;
        return sseResponse([...answerEvents.map(sseFrame), sseFrame('[DONE]')]).response;
      },
    });
    renderChat();
    await ask('Q');
    expect(await screen.findByText(/Stored answer/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Citation 1, page 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Citation 2, page 5, ${NOT_VERIFIED_TEXT}` })).toBeInTheDocument();
    // The new session joins the sidebar, and its messages were read after 'done'.
    expect(await screen.findByRole('button', { name: 'Attention' })).toHaveAttribute('aria-current', 'true');
    expect(calls()).toContain('GET /api/chat/messages');
  });

  it('says plainly when the papers do not answer the question', async () => {
    mockChatApi({
      stream: () =>
        sseResponse([
          sseFrame({ type: 'delta', content: 'I cannot find this in the selected papers.' }),
          sseFrame({
            type: 'done',
            message_id: 3,
            source: 'model',
            abstained: true,
            citations: { supported: [], unsupported: [] },
          }),
          sseFrame('[DONE]'),
        ]).response,
    });
    renderChat();
    await ask('Who won the 1998 World Cup?');
    expect(await screen.findByText('I cannot find this in the selected papers.')).toBeInTheDocument();
    expect(screen.getByText(/No passage of the selected papers answers this/)).toBeInTheDocument();
  });

  it('shows an error event with Retry, which asks again', async () => {
    let attempt = 0;
    const { streamBodies } = mockChatApi({
      stream: () => {
        attempt += 1;
        return sseResponse(
          attempt === 1
            ? [
                sseFrame({ type: 'error', error: 'MODEL_ERROR', message: 'The model stopped answering.' }),
                sseFrame('[DONE]'),
              ]
            : [
                sseFrame({ type: 'delta', content: 'Second try.' }),
                sseFrame({
                  type: 'done',
                  message_id: 9,
                  source: 'model',
                  abstained: false,
                  citations: { supported: [], unsupported: [] },
                }),
                sseFrame('[DONE]'),
              ],
        ).response;
      },
    });
    renderChat();
    await ask('Why?');
    expect(await screen.findByRole('alert')).toHaveTextContent('The model stopped answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Second try.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(streamBodies).toEqual([{ message: 'Why?' }, { message: 'Why?' }]);
  });

  it('shows a refused request plainly', async () => {
    mockChatApi({
      stream: () => Response.json({ error: 'NOT_FOUND', message: 'A selected paper was not found.' }, { status: 404 }),
    });
    renderChat();
    await ask('Why?');
    expect(await screen.findByRole('alert')).toHaveTextContent('A selected paper was not found.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Stop aborts the request and keeps the text so far', async () => {
    let signal: AbortSignal | null | undefined;
    mockChatApi({
      stream: (init) => {
        signal = init.signal;
        return sseResponse([sseFrame({ type: 'delta', content: 'Partial answer' })], { signal, end: false }).response;
      },
    });
    renderChat();
    await ask('Long question');
    expect(await screen.findByText('Partial answer')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('You stopped this answer.')).toBeInTheDocument();
    expect(screen.getByText('Partial answer')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeEnabled();
  });

  it('sends on Enter and starts a new line on Shift+Enter', async () => {
    const { streamBodies } = mockChatApi();
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(streamBodies).toEqual([]);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(streamBodies).toEqual([{ message: 'line one\nline two' }]));
  });

  it('lists the selected papers with their text status, and asks for a selection when there is none', async () => {
    mockChatApi({
      files: [paper, abstractOnly, { ...paper, paper_id: 'other', filename: 'Unselected', selected: false }],
    });
    const view = renderChat();
    const chips = await screen.findByRole('list', { name: 'Papers in this chat' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Attention paperFull text', 'Remote paperAbstract only: PDF unavailable']);
    view.unmount();

    mockChatApi({ files: [{ ...paper, selected: false }] });
    renderChat();
    expect(await screen.findByText(NO_PAPERS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Open File List' }));
  });

  it('creates, renames and deletes sessions, reading the list afresh after each', async () => {
    const confirmSpy = vi.fn(() => true);
    vi.stubGlobal('confirm', confirmSpy);
    const { calls } = mockChatApi({ sessions: () => ({ body: [session] }) });
    renderChat();
    expect(await screen.findByRole('button', { name: 'Attention' })).toBeInTheDocument();
    const listReads = () => calls().filter((call) => call === 'GET /api/chat/sessions').length;

    let before = listReads();
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(calls()).toContain('POST /api/chat/sessions');

    before = listReads();
    await userEvent.click(screen.getByRole('button', { name: 'Rename Attention' }));
    const field = screen.getByRole('textbox', { name: 'Chat title' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Transformers{Enter}');
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(calls()).toContain('POST /api/chat/update_session_title');

    before = listReads();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Attention' }));
    expect(confirmSpy).toHaveBeenCalledWith(DELETE_SESSION_CONFIRM);
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(calls()).toContain('DELETE /api/chat/sessions');
  });

  it("names the model and its latest scorecard's headline, linking to the AI status page", async () => {
    const scorecard: TScorecard = {
      mode: 'model',
      model: 'test-model',
      set_name: 'questions.json',
      set_hash: 'f'.repeat(64),
      created_at: '2026-11-29T03:00:00.000Z',
      metrics: {
        questions: 20,
        gold_cited: [
          { kind: 'keyword', cited: 7, questions: 8 },
          { kind: 'paraphrased', cited: 4, questions: 4 },
        ],
        correct_abstentions: 7,
        unanswerable: 8,
        wrong_abstentions: 1,
        answerable: 12,
        fabricated_citations: 0,
        unsupported_sentences: 2,
        withdrawn_answers: 0,
        errors: 0,
        first_token_ms: { p50: 500, p95: 900 },
        tokens_per_second: 22,
      },
    };
    mockChatApi({ scorecard });
    const { router } = renderChat();
    expect(
      await screen.findByText('Scorecard 2026-11-29: gold page 92 %, abstentions 7/8, 0 fabricated'),
    ).toBeInTheDocument();
    expect(screen.getByText('Answers by test-model')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: AI_STATUS_LINK_TEXT }));
    expect(router.state.location.pathname).toBe('/settings/ai');
  });

  it('says when extractive mode was never measured', async () => {
    mockChatApi({ mode: 'extractive' });
    renderChat();
    expect(await screen.findByText(NOT_MEASURED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Extractive answers')).toBeInTheDocument();
  });

  it('shows no offline banner when a model is configured, and no sessions yet', async () => {
    mockChatApi();
    renderChat();
    expect(await screen.findByText('No chats yet. Ask a question to start one.')).toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByText(OFFLINE_BANNER_TEXT)).toBeNull();
  });
});
