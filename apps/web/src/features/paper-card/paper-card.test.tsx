import type { TFolder, TPaper } from '@paperbench/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { useFileListPanel } from '../file-list/file-list-panel-state';
import { PaperCard } from './paper-card';

function buildPaper(overrides: Partial<TPaper> = {}): TPaper {
  return {
    paper_id: '1903.06059',
    platform: 'arxiv',
    title: 'Attention over graphs',
    authors: ['Ada Lovelace', 'Alan Turing'],
    published_date: '2019-03-14',
    abstract: 'A short abstract.',
    categories: ['cs.LG', 'stat.ML'],
    pdf_url: 'http://arxiv.org/pdf/1903.06059v1',
    ...overrides,
  };
}

/** What the File List panel was asked to open (the panel itself is not rendered here). */
function OpenPdfProbe() {
  const { pdf, isOpen } = useFileListPanel();
  return <output aria-label="open pdf">{pdf ? JSON.stringify({ ...pdf, isOpen }) : ''}</output>;
}

function renderCard(paper: TPaper) {
  const fetchMock = mockApi({ 'POST /api/papers/click/1903.06059': () => ({ body: { ok: true } }) });
  const view = renderWithApp(
    <>
      <PaperCard paper={paper} />
      <OpenPdfProbe />
    </>,
  );
  return { ...view, fetchMock };
}

describe('PaperCard (requirements §2)', () => {
  it('links the title to the source and shows date and tags', () => {
    renderCard(buildPaper());
    expect(screen.getByRole('link', { name: 'Attention over graphs' })).toHaveAttribute(
      'href',
      'https://arxiv.org/abs/1903.06059',
    );
    expect(screen.getByText('Mar 14, 2019')).toBeInTheDocument();
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['ARXIV', 'cs.LG', 'stat.ML']);
  });

  it("shows three authors then 'et al.'", () => {
    renderCard(buildPaper({ authors: ['A. One', 'B. Two', 'C. Three', 'D. Four'] }));
    expect(screen.getByText('A. One, B. Two, C. Three et al.')).toBeInTheDocument();
  });

  it("shows 'Unknown authors' when there are none", () => {
    renderCard(buildPaper({ authors: [] }));
    expect(screen.getByText('Unknown authors')).toBeInTheDocument();
  });

  it('truncates a long abstract and toggles it', async () => {
    const abstract = `${'word '.repeat(60)}ending sentence.`;
    renderCard(buildPaper({ abstract }));
    expect(screen.queryByText(/ending sentence/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(/ending sentence/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(/ending sentence/)).not.toBeInTheDocument();
  });

  it('has no toggle for a short abstract', () => {
    renderCard(buildPaper());
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('opens the PDF in the in-app viewer (through the proxy), not the raw URL, and records the click', async () => {
    const { fetchMock, router } = renderCard(buildPaper());
    expect(screen.queryByRole('link', { name: 'PDF' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(JSON.parse(screen.getByRole('status', { name: 'open pdf' }).textContent ?? '')).toEqual({
      name: 'Attention over graphs',
      url: `/api/pdf-proxy?url=${encodeURIComponent('https://export.arxiv.org/pdf/1903.06059v1')}`,
      paper: { paper_id: '1903.06059', platform: 'arxiv' },
      isOpen: true,
    });
    expect(router.state.location.pathname).toBe('/');
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/papers/click/1903.06059?platform=arxiv', expect.anything()),
    );
  });

  it("opens an upload's PDF in the viewer by its path (the viewer sends X-User-ID), with no source link", async () => {
    renderCard(buildPaper({ platform: 'upload', pdf_url: '/api/uploads/up_1/pdf' }));
    expect(screen.queryByRole('link', { name: 'Attention over graphs' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(screen.getByRole('status', { name: 'open pdf' })).toHaveTextContent('"url":"/api/uploads/up_1/pdf"');
  });

  it('navigates to the detail page with Details', async () => {
    const { router } = renderCard(buildPaper());
    await userEvent.click(screen.getByRole('link', { name: 'Details' }));
    expect(router.state.location.pathname).toBe('/paper/1903.06059/arxiv');
  });

  it("says which of the user's folders already hold the paper, every name spoken", async () => {
    const inFolder = (id: number, name: string): TFolder => ({
      id,
      name,
      type: 'folder',
      is_public: false,
      files: [
        { paper_id: '1903.06059', platform: 'arxiv', filename: 'A', paper_URL: null, selected: false, folder_id: id },
      ],
    });
    const others: TFolder = { ...inFolder(9, 'Other'), files: [] };
    let folders = [inFolder(1, 'GNN reading'), others, inFolder(2, 'Thesis')];
    mockApi({ 'GET /api/folders': () => ({ body: folders }) });
    const { queryClient } = renderWithApp(<PaperCard paper={buildPaper()} />);
    const line = await screen.findByTitle('In your folders: GNN reading, Thesis');
    expect(line).toBeVisible();
    expect(line).toHaveTextContent('In: GNN reading, Thesis');
    // A screen reader hears the names (the short visible form is hidden from it).
    expect(screen.getByText('In: GNN reading, Thesis')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('In your folders: GNN reading, Thesis')).toHaveClass('visually-hidden');

    folders = [inFolder(1, 'GNN reading'), inFolder(2, 'Thesis'), inFolder(3, 'Later')];
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText('In: GNN reading +2')).toBeVisible();
    expect(screen.getByText('In your folders: GNN reading, Thesis, Later')).toBeInTheDocument();
  });

  it('says nothing of folders when none holds the paper', async () => {
    const fetchMock = mockApi({ 'GET /api/folders': () => ({ body: [] }) });
    renderWithApp(<PaperCard paper={buildPaper()} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/folders', expect.anything()));
    expect(screen.getByRole('article')).not.toHaveTextContent('In:');
  });
});
