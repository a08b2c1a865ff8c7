import type { TChatFile, TIdeaProposal, TStreamEvent } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { sseFrame, sseResponse } from '../../test/sse-response';
import SciScreen, { IDEAS_OFFLINE_TEXT } from './sci-screen';

const selectedPaper: TChatFile = {
  paper_id: '2101.00001',
  platform: 'arxiv',
  filename: 'Attention models for protein folding',
  paper_URL: null,
  selected: true,
  embedding_status: 'none',
};

const idea = (id: number, title: string): TIdeaProposal => ({
  id,
  topic: 'attention for protein folding',
  title,
  problem: 'The basis papers work with attention.',
  approach: 'Carry attention over to sleep.',
  novelty: 'Literature-based discovery.',
  experiments: 'Compare with the evidence papers.',
  risks: 'The link is lexical.',
  based_on: [{ n: 1, platform: 'arxiv', paper_id: '2101.00001', title: 'Attention models for protein folding' }],
  source: 'extractive',
  scores: null,
  novelty_check: {
    label: 'likely_novel',
    percentile: 12,
    searched: 10,
    nearest: [
      {
        n: 1,
        platform: 'arxiv',
        paper_id: '2101.00004',
        title: 'Memory consolidation during sleep',
        similarity: 0.31,
        shared_terms: ['sleep', 'memory'],
      },
    ],
    cutoffs: { partly_explored: 0.4, well_explored: 0.7 },
    rationale: 'The closest of the 10 papers searched is not close.',
    rationale_source: 'extractive',
  },
  evidence: [
    {
      link: 'A-B',
      terms: ['attention', 'memory'],
      papers: [{ platform: 'arxiv', paper_id: '2101.00003', title: 'Memory networks for question answering' }],
    },
  ],
  plan: null,
  created_at: '2026-11-24T05:00:00.000Z',
  expanded_at: null,
});

const first = idea(11, 'Attention models for memory consolidation');
const second = idea(12, 'Attention models for protein spectroscopy');
const older = idea(5, 'An older idea');

function mockSci({ stream, savedBefore = [older] }: { stream?: TStreamEvent[]; savedBefore?: TIdeaProposal[] } = {}) {
  let saved: TIdeaProposal[] = savedBefore;
  const apiFetch = mockApi({
    'GET /api/chat/files': () => ({ body: [selectedPaper] }),
    'GET /api/ai/status': () => ({ body: { mode: 'extractive', model: null, embeddings: null } }),
    'GET /api/ideas': () => ({ body: { ideas: saved } }),
    'POST /api/ideas/expand': ({ body }) => {
      const found = saved.find((s) => s.id === Number(body.id)) ?? first;
      return {
        body: {
          ...found,
          expanded_at: '2026-11-24T06:00:00.000Z',
          plan: {
            source: 'extractive',
            summary: 'Assembled without a model.',
            experiments: ['Compare with the evidence papers.'],
            baselines: ['The approach of “Memory consolidation during sleep” [1].'],
            risks: ['The link is lexical.'],
            related_work: [{ n: 1, text: 'Sleep consolidates episodic memory in the hippocampus. [1]' }],
          },
        },
      };
    },
    'DELETE /api/ideas/5': () => {
      saved = saved.filter((s) => s.id !== 5);
      return { body: { ok: true } };
    },
  });
  const streamBodies: unknown[] = [];
  const events = stream ?? [
    { type: 'sources', papers: [{ platform: 'arxiv', paper_id: '2101.00001' }] },
    { type: 'idea', idea: first },
    { type: 'idea', idea: second },
    {
      type: 'done',
      message_id: null,
      source: 'extractive',
      abstained: false,
      citations: { supported: [], unsupported: [] },
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/ideas/stream_generate') {
        streamBodies.push(JSON.parse(String(init.body)));
        saved = [first, second, ...saved];
        return sseResponse([...events.map(sseFrame), sseFrame('[DONE]')]).response;
      }
      return apiFetch(input, init);
    }),
  );
  return { streamBodies };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('/sci', () => {
  it('generates ideas offline, streamed, each with its novelty label and nearest papers linked', async () => {
    const { streamBodies } = mockSci();
    renderWithApp(<SciScreen title="AI Scientist" params={{}} />);
    expect(await screen.findByText(IDEAS_OFFLINE_TEXT)).toBeInTheDocument();
    expect(
      await screen.findByText(/Building on 1 selected paper: Attention models for protein folding/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Topic or question' }), 'attention for protein folding');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ideas' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    const fresh = await screen.findByRole('region', { name: 'New ideas' });
    const card = await within(fresh).findByRole('article', { name: 'Attention models for memory consolidation' });
    expect(
      within(fresh).getByRole('article', { name: 'Attention models for protein spectroscopy' }),
    ).toBeInTheDocument();
    expect(streamBodies).toEqual([{ topic: 'attention for protein folding', count: 2, use_selected: true }]);
    expect(within(card).getByText(/Generated without a model/)).toBeInTheDocument();
    const novelty = within(card).getByRole('region', { name: 'Novelty check' });
    expect(within(novelty).getByText('Likely novel')).toBeInTheDocument();
    expect(within(novelty).getByText('(10 papers searched)')).toBeInTheDocument();
    const nearest = within(novelty).getByRole('link', { name: 'Memory consolidation during sleep' });
    expect(nearest.getAttribute('href')).toContain('2101.00004');
    expect(within(card).getByRole('link', { name: 'Memory networks for question answering' })).toBeInTheDocument();

    // The saved list shows the older idea, not the new ones twice.
    const savedList = screen.getByRole('region', { name: 'Saved ideas' });
    await within(savedList).findByRole('article', { name: 'An older idea' });
    expect(within(savedList).queryByRole('article', { name: 'Attention models for memory consolidation' })).toBeNull();
  });

  it('says the new ideas are saved when they are the only ones', async () => {
    mockSci({ savedBefore: [] });
    renderWithApp(<SciScreen title="AI Scientist" params={{}} />);
    const savedList = await screen.findByRole('region', { name: 'Saved ideas' });
    expect(await within(savedList).findByText('No saved ideas yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Topic or question' }), 'attention for protein folding');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('article', { name: 'Attention models for memory consolidation' });
    expect(
      await within(savedList).findByText('No other saved ideas: the new ones above are saved.'),
    ).toBeInTheDocument();
  });

  it('expands an idea into a plan, and deletes one', async () => {
    mockSci();
    renderWithApp(<SciScreen title="AI Scientist" params={{}} />);
    const savedList = await screen.findByRole('region', { name: 'Saved ideas' });
    const card = await within(savedList).findByRole('article', { name: 'An older idea' });
    await userEvent.click(within(card).getByRole('button', { name: 'Expand into a plan' }));
    const plan = await within(card).findByRole('region', { name: 'Research plan' });
    expect(within(plan).getByText(/assembled without a model/)).toBeInTheDocument();
    expect(within(plan).getByText('Sleep consolidates episodic memory in the hippocampus. [1]')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Delete idea An older idea' }));
    await waitFor(() => expect(within(savedList).queryByRole('article', { name: 'An older idea' })).toBeNull());
    expect(within(savedList).getByText('No saved ideas yet.')).toBeInTheDocument();
  });

  it('shows a stream error', async () => {
    mockSci({
      stream: [
        { type: 'sources', papers: [] },
        { type: 'error', error: 'BAD_GATEWAY', message: 'The ideas could not be generated.' },
      ],
    });
    renderWithApp(<SciScreen title="AI Scientist" params={{}} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Topic or question' }), 'anything');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The ideas could not be generated.');
  });
});
