import type { TSearchHit } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-app';
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
