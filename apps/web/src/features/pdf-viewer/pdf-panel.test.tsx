import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { PdfPanel } from './pdf-panel';

// The document view needs pdf.js and a canvas; the comments beside it are what is tested here.
vi.mock('./pdf-document-view', () => ({ default: () => <p>the document</p> }));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the PDF viewer with the paper comments beside it', () => {
  it('a Comments toggle opens and closes the side panel with the paper thread', async () => {
    mockApi({
      'GET /api/comments/paper/1706.03762': () => ({
        body: [
          {
            id: 1,
            paperId: '1706.03762',
            platform: 'arxiv',
            content: 'Section 3.2 is the key',
            author_name: 'Anonymous',
            is_mine: false,
            created_at: new Date().toISOString(),
            parent_id: null,
            abilities: { delete: false },
          },
        ],
      }),
    });
    const pdf = {
      name: 'Attention',
      url: 'https://export.arxiv.org/pdf/1706.03762',
      paper: { paper_id: '1706.03762', platform: 'arxiv' },
    };
    renderWithApp(<PdfPanel pdf={pdf} onClose={() => {}} />);
    expect(await screen.findByText('the document')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Comments' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    const side = screen.getByRole('complementary', { name: 'Comments on this paper' });
    expect(await within(side).findByText('Section 3.2 is the key')).toBeInTheDocument();
    expect(within(side).getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'Comments on this paper' })).toBeNull();
  });

  it('an Annotations toggle, with the count of marks, opens the marks beside the pages in place of the comments', async () => {
    const now = new Date().toISOString();
    mockApi({
      'GET /api/comments/paper/1706.03762': () => ({ body: [] }),
      'GET /api/forum/': () => ({ body: [] }),
      'GET /api/annotations': () => ({
        body: [1, 2].map((id) => ({
          id,
          paper_id: '1706.03762',
          platform: 'arxiv',
          page: id,
          kind: 'highlight' as const,
          color: 'yellow',
          note: `note ${id}`,
          quote: { exact: `quote ${id}`, prefix: '', suffix: '' },
          position: { start: 0, end: 7 },
          rects: [],
          folder_id: null,
          author_name: 'Anonymous',
          is_mine: true,
          created_at: now,
          updated_at: now,
          anchor: 'placed' as const,
          abilities: { edit: true, delete: true },
          thread: null,
        })),
      }),
    });
    const pdf = {
      name: 'Attention',
      url: 'https://export.arxiv.org/pdf/1706.03762',
      paper: { paper_id: '1706.03762', platform: 'arxiv' },
    };
    renderWithApp(<PdfPanel pdf={pdf} onClose={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Annotations' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await within(toggle).findByText('2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Comments' }));
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const side = screen.getByRole('complementary', { name: 'Annotations' });
    expect(toggle).toHaveAttribute('aria-controls', side.id);
    expect(screen.queryByRole('complementary', { name: 'Comments on this paper' })).toBeNull();
    expect(within(side).getByRole('heading', { name: 'Page 2' })).toBeInTheDocument();
    expect(within(side).getByText('note 1')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'Annotations' })).toBeNull();
  });

  it('has no Comments toggle when the paper is not known', async () => {
    mockApi({});
    renderWithApp(<PdfPanel pdf={{ name: 'Document', url: 'https://example.org/a.pdf' }} onClose={() => {}} />);
    expect(await screen.findByText('the document')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comments' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Annotations' })).toBeNull();
  });
});
