import type { TFolder, TSearchHit } from '@paperbench/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { libraryKeys } from '../library/api';
import { renderMath } from '../tex/render-math';
import { PaperCard } from './paper-card';

vi.mock('../tex/render-math', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../tex/render-math')>();
  return { ...actual, renderMath: vi.fn(actual.renderMath) };
});

const paper = (paperId: string, formula: string): TSearchHit => ({
  paper_id: paperId,
  platform: 'arxiv',
  title: `Paper ${paperId}`,
  authors: ['Ada Lovelace'],
  published_date: '2019-03-14',
  abstract: `We bound $${formula}$ here.`,
  categories: ['math.CO'],
  pdf_url: null,
  score: 1,
  highlights: { title: [], abstract: [] },
});

/** A result list as the search screen keeps it: pages appended, earlier hits the same objects. */
function GrowingList() {
  const [papers, setPapers] = useState([paper('a', 'x^2')]);
  return (
    <>
      {papers.map((p) => (
        <PaperCard key={p.paper_id} paper={p} highlights={p.highlights} />
      ))}
      <button type="button" onClick={() => setPapers((shown) => [...shown, paper('b', 'y^3')])}>
        Load more
      </button>
    </>
  );
}

const typesetCount = (formula: string) =>
  vi.mocked(renderMath).mock.calls.filter(([, source]) => source === formula).length;

describe('a list of paper cards that grows by a page', () => {
  it('typesets the new cards only, not again every card above them', async () => {
    renderWithApp(<GrowingList />);
    await waitFor(() => expect(typesetCount('x^2')).toBeGreaterThan(0));
    const before = typesetCount('x^2');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(typesetCount('y^3')).toBeGreaterThan(0));
    expect(screen.getByText('Paper b')).toBeInTheDocument();
    expect(typesetCount('x^2')).toBe(before);
  });
});

describe('paper cards and the folders line', () => {
  it('a change of folders renders only the line of the card it concerns, no formula again', async () => {
    const fetchMock = mockApi({ 'GET /api/folders': () => ({ body: [] }) });
    const papers = [paper('a', 'x^2'), paper('b', 'y^3')];
    const { queryClient } = renderWithApp(
      // biome-ignore lint/complexity/noUselessFragments: renderWithApp takes one element; the fragment makes the list one.
      <>
        {papers.map((p) => (
          <PaperCard key={p.paper_id} paper={p} highlights={p.highlights} />
        ))}
      </>,
    );
    await waitFor(() => expect(typesetCount('y^3')).toBeGreaterThan(0));
    // Every card reads one folders list: one request for the page, not one a card.
    await waitFor(() => expect(queryClient.getQueryData(libraryKeys.folders())).toEqual([]));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/folders')).toHaveLength(1);
    const before = [typesetCount('x^2'), typesetCount('y^3')];

    const reading: TFolder = {
      id: 1,
      name: 'Reading',
      type: 'folder',
      is_public: false,
      files: [
        { paper_id: 'b', platform: 'arxiv', filename: 'Paper b', paper_URL: null, selected: false, folder_id: 1 },
      ],
    };
    act(() => queryClient.setQueryData(libraryKeys.folders(), [reading]));
    expect(await screen.findByText('In: Reading')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Paper b' })).toHaveTextContent('In your folders: Reading');
    expect(screen.getByRole('article', { name: 'Paper a' })).not.toHaveTextContent('In:');
    expect([typesetCount('x^2'), typesetCount('y^3')]).toEqual(before);
  });
});
