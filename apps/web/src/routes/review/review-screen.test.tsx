import type {
  TChatFile,
  TChatSessionSummary,
  TReviewFile,
  TReviewGraph,
  TReviewReference,
  TSavedReviewDraft,
  TStreamEvent,
  TTargetPaperDetails,
} from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_VERIFIED_TEXT } from '../../features/chat/citation-chip';
import { EXTRACTIVE_DRAFT_LABEL } from '../../features/review/review-draft';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { sseFrame, sseResponse } from '../../test/sse-response';
import ReviewScreen, { DELETE_REVIEW_CONFIRM } from './review-screen';

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const stamp = '2026-01-01T00:00:00Z';
const libraryFile = (paper_id: string, filename: string): TChatFile => ({
  paper_id,
  platform: 'arxiv',
  filename,
  paper_URL: `https://arxiv.org/pdf/${paper_id}`,
  selected: false,
  embedding_status: 'abstract-only',
});
const library = [
  libraryFile('1706.03762', 'Attention Is All You Need'),
  libraryFile('1810.04805', 'BERT'),
  libraryFile('2004.07180', 'SPECTER'),
];
const years: Record<string, number> = { '1706.03762': 2017, '1810.04805': 2018, '2004.07180': 2020 };
const authorsOf: Record<string, string[]> = {
  '1706.03762': ['Ashish Vaswani', 'Noam Shazeer'],
  '1810.04805': ['Jacob Devlin'],
  '2004.07180': ['Arman Cohan'],
};
/** My own paper, the review's target: a paper the caller may read that is not one of the session's papers. */
const myPaper = { paper_id: 'up_mine', platform: 'upload', title: 'My sparse enzyme paper', authors: ['Me Myself'] };
const reference = (n: number, file: TChatFile, key: string): TReviewReference => ({
  paper_id: file.paper_id,
  platform: file.platform,
  title: file.filename,
  n,
  key,
  authors: ['First Author', 'Second Author', 'Third Author'],
  year: years[file.paper_id] ?? null,
  doi: null,
  url: null,
  cited: true,
});

const writeEvents = (): TStreamEvent[] => [
  {
    type: 'outline',
    sections: [
      {
        id: 'g1',
        title: 'Pre-trained transformers',
        labels: ['extends'],
        papers: library.slice(0, 2).map((f) => ({ paper_id: f.paper_id, platform: f.platform, title: f.filename })),
      },
    ],
    closing: null,
  },
  {
    type: 'section',
    section: {
      id: 'g1',
      title: 'Pre-trained transformers',
      text: 'Self-attention replaced recurrence [1]. BERT pre-trains it [2].',
      source: 'extractive',
      dropped_sentences: 0,
    },
  },
  {
    type: 'references',
    references: [
      reference(1, library[0] as TChatFile, 'vaswani2017'),
      reference(2, library[1] as TChatFile, 'devlin2018'),
    ],
  },
  {
    type: 'done',
    message_id: 3,
    source: 'extractive',
    abstained: false,
    citations: { supported: [1], unsupported: [2] },
  },
];

const asRef = (ref: { paper_id: string; platform?: string }) => ({
  paper_id: ref.paper_id,
  platform: ref.platform ?? 'arxiv',
});

/** The draft stored by an earlier visit (GET /api/review/draft), as the stream wrote it. */
const storedDraft: TSavedReviewDraft = {
  id: 2,
  source: 'extractive',
  instructions: null,
  outline: [
    {
      id: 'g1',
      title: 'Earlier attention work',
      labels: ['compares with'],
      papers: [{ paper_id: '1706.03762', platform: 'arxiv', title: 'Attention Is All You Need' }],
    },
  ],
  closing: null,
  sections: [
    {
      id: 'g1',
      title: 'Earlier attention work',
      text: 'Attention alone suffices for translation [1].',
      source: 'extractive',
      dropped_sentences: 0,
    },
  ],
  references: [{ ...reference(1, library[0] as TChatFile, 'Vaswani2017Attention'), cited: true }],
  citations: { supported: [1], unsupported: [] },
  abstained: false,
  created_at: stamp,
};

/** An in-memory review API: one user's sessions, files, graph and target, as the contract describes them. */
function mockReviewApi({
  draft = null,
  existing = [],
}: {
  draft?: TSavedReviewDraft | null;
  existing?: TChatSessionSummary[];
} = {}) {
  let sessions: TChatSessionSummary[] = [...existing];
  let target: TTargetPaperDetails | null = null;
  const files: TReviewFile[] = [];
  let graph: TReviewGraph = { session_id: 1, nodes: [], edges: [], status: 'draft', proposals: [] };
  let nextId = 1;
  const syncNodes = () => {
    graph = {
      ...graph,
      nodes: files.map((f) => ({
        paper_id: f.paper_id,
        platform: f.platform,
        title: f.filename,
        authors: authorsOf[f.paper_id] ?? [],
        year: years[f.paper_id] ?? null,
      })),
    };
  };
  const apiFetch = mockApi({
    'GET /api/ai/status': () => ({ body: { mode: 'extractive', model: null, embeddings: null } }),
    'GET /api/chat/files': () => ({ body: library }),
    'GET /api/review/sessions': () => ({ body: sessions }),
    'POST /api/review/sessions': () => {
      const session = { id: nextId++, title: 'New review', created_at: stamp, updated_at: stamp };
      sessions = [session, ...sessions];
      return { status: 201, body: { ...session, messages: [], files: [], graph, target_paper: null } };
    },
    'POST /api/review/update_session_title': ({ body }) => {
      sessions = sessions.map((s) => (s.id === body.session_id ? { ...s, title: body.title } : s));
      return { body: sessions.find((s) => s.id === body.session_id) as TChatSessionSummary };
    },
    'DELETE /api/review/sessions': ({ url }) => {
      sessions = sessions.filter((s) => s.id !== Number(url.searchParams.get('session_id')));
      return { body: { ok: true } };
    },
    'GET /api/review/messages': () => ({ body: [] }),
    'GET /api/review/sessions/1/files': () => ({ body: files }),
    'POST /api/review/sessions/1/add_files': ({ body }) => {
      for (const id of body.paper_ids) {
        const file = library.find((f) => f.paper_id === id) as TChatFile;
        files.push({ ...file, session_id: 1 });
      }
      syncNodes();
      return { body: files };
    },
    'GET /api/review/graph': () => ({ body: graph }),
    'POST /api/review/graph/edges': ({ body }) => {
      graph = {
        ...graph,
        edges: [
          ...graph.edges,
          { id: nextId++, source: asRef(body.source), target: asRef(body.target), label: body.label ?? '' },
        ],
      };
      return { body: graph };
    },
    'POST /api/review/graph/complete': () => {
      graph = {
        ...graph,
        status: 'complete',
        proposals: [
          {
            id: 77,
            source: { paper_id: '2004.07180', platform: 'arxiv' },
            target: { paper_id: '1810.04805', platform: 'arxiv' },
            similarity: 0.42,
            shared_terms: ['transformer', 'citation'],
            kind: 'overlap',
            label: 'overlap',
          },
          {
            id: 78,
            source: { paper_id: '2004.07180', platform: 'arxiv' },
            target: { paper_id: '1706.03762', platform: 'arxiv' },
            similarity: 1,
            shared_terms: [],
            kind: 'cites',
            label: 'cites',
          },
        ],
      };
      return { body: graph };
    },
    'POST /api/review/graph/proposals/accept': ({ body }) => {
      const proposal = graph.proposals.find((p) => p.id === body.proposal_id);
      if (!proposal) return { body: graph };
      graph = {
        ...graph,
        proposals: graph.proposals.filter((p) => p !== proposal),
        edges: [
          ...graph.edges,
          { id: nextId++, source: proposal.source, target: proposal.target, label: body.label ?? '' },
        ],
      };
      return { body: graph };
    },
    'GET /api/review/draft': () => ({ body: { draft } }),
    'GET /api/review/target_paper': () => ({ body: { target_paper: target } }),
    'POST /api/review/target_paper': ({ body }) => {
      const ref = asRef(body);
      const paper =
        ref.paper_id === myPaper.paper_id
          ? myPaper
          : { title: files.find((f) => f.paper_id === ref.paper_id)?.filename ?? '', authors: [] };
      target = {
        session_id: Number(body.session_id),
        ...ref,
        title: paper.title,
        authors: paper.authors,
        year: years[ref.paper_id] ?? null,
      };
      return { body: { session_id: Number(body.session_id), ...ref } };
    },
    'DELETE /api/review/target_paper': () => {
      target = null;
      return { body: { ok: true } };
    },
  });
  const requests: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/review/stream_rws') {
      requests.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return sseResponse([...writeEvents().map(sseFrame), sseFrame('[DONE]')]).response;
    }
    if (url.pathname === '/api/review/chat_rwg') {
      requests.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return sseResponse([
        sseFrame({ type: 'sources', papers: [{ paper_id: '1706.03762', platform: 'arxiv' }] }),
        sseFrame({
          type: 'passages',
          passages: [{ n: 1, paper_id: '1706.03762', platform: 'arxiv', page: 2, text: 'Attention suffices.' }],
        }),
        sseFrame({ type: 'delta', content: 'Attention suffices [1].' }),
        sseFrame({
          type: 'done',
          message_id: 12,
          source: 'extractive',
          abstained: false,
          citations: { supported: [1], unsupported: [] },
        }),
        sseFrame('[DONE]'),
      ]).response;
    }
    if (url.pathname === '/api/review/export') {
      requests.push({ path: `${url.pathname}${url.search}`, body: null });
      return new Response('@article{vaswani2017,\n  title = {Attention Is All You Need}\n}\n', { status: 200 });
    }
    if (url.pathname === '/api/review/upload' && init.body instanceof FormData) {
      const file = init.body.get('file') as File;
      requests.push({ path: url.pathname, body: { session_id: init.body.get('session_id'), file: file.name } });
      const uploaded = { ...libraryFile('up_1', file.name), platform: 'upload', session_id: 1 };
      files.push(uploaded);
      syncNodes();
      return new Response(JSON.stringify(uploaded), { status: 201, headers: { 'content-type': 'application/json' } });
    }
    if (init.method === 'POST' || init.method === 'DELETE') {
      requests.push({ path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    }
    return apiFetch(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    graph: () => graph,
    /** The target as if set elsewhere (e.g. another tab) before the session is opened. */
    setTarget: (details: TTargetPaperDetails | null) => {
      target = details;
    },
  };
}

async function startReview() {
  await userEvent.click(await screen.findByRole('button', { name: 'New review' }));
  return screen.findByRole('tab', { name: /Papers/ });
}

async function addAllFromLibrary() {
  await userEvent.click(screen.getByRole('button', { name: 'Add from File List' }));
  const picker = await screen.findByRole('form', { name: 'Add from File List' });
  for (const box of await within(picker).findAllByRole('checkbox')) await userEvent.click(box);
  await userEvent.click(within(picker).getByRole('button', { name: 'Add 3 papers' }));
  await screen.findByRole('list', { name: 'Papers in this review' });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // xyflow measures its canvas; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('/review', () => {
  it('creates, renames and deletes review sessions (delete asks first)', async () => {
    mockReviewApi();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    await startReview();
    await userEvent.click(screen.getByRole('button', { name: 'Rename New review' }));
    const title = screen.getByRole('textbox', { name: 'Review title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Transformers{Enter}');
    expect(await screen.findByRole('button', { name: 'Transformers' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Transformers' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_REVIEW_CONFIRM);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
  });

  it('opens on the most recently updated review', async () => {
    mockReviewApi({
      existing: [
        { id: 1, title: 'Graph survey', created_at: stamp, updated_at: stamp },
        { id: 2, title: 'Older review', created_at: stamp, updated_at: stamp },
      ],
    });
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    expect(await screen.findByRole('button', { name: 'Graph survey' })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('tab', { name: /Papers/ })).toBeInTheDocument();
  });

  it('adds papers from the File List (one request per platform) and chooses the target', async () => {
    const { requests } = mockReviewApi();
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    await startReview();
    await addAllFromLibrary();
    expect(requests).toContainEqual({
      path: '/api/review/sessions/1/add_files',
      body: { platform: 'arxiv', paper_ids: ['1706.03762', '1810.04805', '2004.07180'] },
    });
    expect(screen.getByRole('tab', { name: /Papers/ })).toHaveTextContent('3');
    // A PDF uploaded into the session joins its papers.
    await userEvent.upload(
      screen.getByLabelText('PDF to upload'),
      new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('button', { name: 'notes.pdf' })).toBeInTheDocument();
    expect(requests).toContainEqual({ path: '/api/review/upload', body: { session_id: '1', file: 'notes.pdf' } });
    await userEvent.click(screen.getByRole('button', { name: 'Make SPECTER the target paper' }));
    expect(await screen.findByRole('button', { name: 'Target paper: SPECTER. Clear target' })).toBeInTheDocument();
  });

  it('shows each paper’s authors and year, and a target that is not one of the papers, with Clear', async () => {
    const { requests, setTarget } = mockReviewApi();
    setTarget({
      session_id: 1,
      paper_id: myPaper.paper_id,
      platform: 'upload',
      title: myPaper.title,
      authors: myPaper.authors,
      year: null,
    });
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    await startReview();
    const outside = await screen.findByRole('region', { name: 'Target paper' });
    expect(outside).toHaveTextContent('My sparse enzyme paper');
    // Undated (an upload with no published date): no year, never 1900.
    expect(outside.querySelector('.review-file-byline')).toHaveTextContent(/^Me Myself$/);
    await addAllFromLibrary();
    const papers = screen.getByRole('list', { name: 'Papers in this review' });
    expect(
      within(papers)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.review-file-byline')?.textContent),
    ).toEqual(['Ashish Vaswani, Noam Shazeer · 2017', 'Jacob Devlin · 2018', 'Arman Cohan · 2020']);
    await userEvent.click(within(outside).getByRole('button', { name: 'Clear target paper My sparse enzyme paper' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Target paper' })).not.toBeInTheDocument());
    expect(requests).toContainEqual({ path: '/api/review/target_paper', body: null });
    // A target among the papers is marked on its row, not shown apart.
    await userEvent.click(screen.getByRole('button', { name: 'Make SPECTER the target paper' }));
    expect(await screen.findByRole('button', { name: 'Target paper: SPECTER. Clear target' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Target paper' })).not.toBeInTheDocument();
  });

  it('reopens a session with its latest stored draft, shown as a written one; a new stream replaces it', async () => {
    mockReviewApi({ draft: storedDraft });
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    await startReview();
    await addAllFromLibrary();
    await userEvent.click(screen.getByRole('tab', { name: /Write/ }));
    const draft = await screen.findByRole('article', { name: 'Related-work draft' });
    expect(await within(draft).findByText('Citation check: 1 verified.')).toBeInTheDocument();
    expect(screen.getByText(/Your latest draft, written/)).toBeInTheDocument();
    expect(within(draft).getByText(EXTRACTIVE_DRAFT_LABEL)).toBeInTheDocument();
    expect(within(draft).getByRole('navigation', { name: 'Outline' })).toHaveTextContent(
      'Earlier attention work · compares with',
    );
    const section = within(draft).getByRole('region', { name: 'Earlier attention work' });
    expect(within(section).getByRole('button', { name: 'Citation 1, First Author et al. (2017)' })).toBeInTheDocument();
    expect(within(draft).getByRole('list', { name: 'References' })).toHaveTextContent('Vaswani2017Attention');
    expect(screen.getByRole('button', { name: 'BibTeX' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Write again' }));
    const written = await screen.findByRole('article', { name: 'Related-work draft' });
    await within(written).findByText('Citation check: 1 verified, 1 not verified.');
    expect(within(written).getByRole('region', { name: 'Pre-trained transformers' })).toBeInTheDocument();
    expect(within(written).queryByRole('region', { name: 'Earlier attention work' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your latest draft, written/)).not.toBeInTheDocument();
  });

  it('links papers with the form; proposals wait for Accept and are not links until then', async () => {
    const { requests } = mockReviewApi();
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    await startReview();
    await addAllFromLibrary();
    await userEvent.click(screen.getByRole('tab', { name: /Graph/ }));
    const form = await screen.findByRole('form', { name: 'Link two papers' });
    await userEvent.selectOptions(within(form).getByLabelText('Source paper'), 'BERT (2018)');
    await userEvent.selectOptions(within(form).getByLabelText('Target paper'), 'Attention Is All You Need (2017)');
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    const links = await screen.findByRole('list', { name: 'Links' });
    expect(links).toHaveTextContent('BERT (2018) extends Attention Is All You Need (2017)');
    expect(requests).toContainEqual({
      path: '/api/review/graph/edges',
      body: {
        session_id: 1,
        source: { paper_id: '1810.04805', platform: 'arxiv' },
        target: { paper_id: '1706.03762', platform: 'arxiv' },
        label: 'extends',
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
    const proposals = await screen.findByRole('region', { name: 'Proposed links' });
    expect(proposals).toHaveTextContent('Word overlap: similarity 42% · shared terms: transformer, citation');
    // docs/review.md#graph: a citation found in the reference lists is told apart from word overlap.
    expect(proposals).toHaveTextContent("Cites: found in the first paper's reference list");
    // Proposed, not linked: the links list still has the one drawn edge.
    expect(within(links).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(proposals).getByRole('button', { name: /^Accept link SPECTER.*↔/ }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Links' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(within(screen.getByRole('region', { name: 'Proposed links' })).getAllByRole('listitem')).toHaveLength(1);
    expect(requests).toContainEqual({
      path: '/api/review/graph/proposals/accept',
      body: { session_id: 1, proposal_id: 77, label: 'compares with' },
    });
  });

  it('writes the section as it streams: outline, cited sections, references, checker, offline label; exports BibTeX', async () => {
    const { requests } = mockReviewApi();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    await startReview();
    await addAllFromLibrary();
    await userEvent.click(screen.getByRole('tab', { name: /Write/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Instructions (optional)' }), 'Be brief');
    await userEvent.click(screen.getByRole('button', { name: 'Write section' }));

    const draft = await screen.findByRole('article', { name: 'Related-work draft' });
    await within(draft).findByText('Citation check: 1 verified, 1 not verified.');
    expect(requests).toContainEqual({
      path: '/api/review/stream_rws',
      body: { session_id: 1, instructions: 'Be brief' },
    });
    expect(within(draft).getByText(EXTRACTIVE_DRAFT_LABEL)).toBeInTheDocument();
    expect(within(draft).getByRole('navigation', { name: 'Outline' })).toHaveTextContent(
      'Pre-trained transformers · extends',
    );
    const section = within(draft).getByRole('region', { name: 'Pre-trained transformers' });
    // [n] numbers a reference: the chip names it, and the checker's refusal is marked.
    const chip = within(section).getByRole('button', { name: 'Citation 1, First Author et al. (2017)' });
    expect(chip).toHaveAccessibleDescription('First Author et al. (2017)Attention Is All You Need');
    expect(
      within(section).getByRole('button', { name: `Citation 2, First Author et al. (2018), ${NOT_VERIFIED_TEXT}` }),
    ).toBeInTheDocument();
    const references = within(draft).getByRole('list', { name: 'References' });
    expect(
      within(references)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'First Author et al. (2017). Attention Is All You Needvaswani2017',
      'First Author et al. (2018). BERTdevlin2018',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'BibTeX' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(requests).toContainEqual({ path: '/api/review/export?session_id=1&format=bibtex', body: null });
    expect(await readBlob(createObjectURL.mock.calls[0]?.[0] as Blob)).toContain('@article{vaswani2017');
  });

  it("asks about the session's papers with /chat's thread and composer, over chat_rwg", async () => {
    const { requests } = mockReviewApi();
    renderWithApp(<ReviewScreen title="Review" params={{}} />);
    await startReview();
    await addAllFromLibrary();
    await userEvent.click(screen.getByRole('tab', { name: /Chat/ }));
    const box = screen.getByRole('textbox', { name: 'Your question' });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.type(box, 'What suffices?{Enter}');
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await within(answer).findByRole('button', { name: 'Citation 1, page 2' });
    expect(requests).toContainEqual({
      path: '/api/review/chat_rwg',
      body: {
        session_id: 1,
        message: 'What suffices?',
        selected_files: library.map(({ paper_id, platform }) => ({ paper_id, platform })),
      },
    });
  });
});
