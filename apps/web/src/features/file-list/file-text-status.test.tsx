import type { TChatFile, TFolder } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from './file-list-panel';

const upload = (paper_id: string, filename: string) => ({
  paper_id,
  platform: 'upload',
  filename,
  paper_URL: `/api/uploads/${paper_id}/pdf`,
  selected: false,
  folder_id: 1,
});
const bomb = upload('bombAAAAAAAAAAAAAAAAAA', 'A million pages');
const fine = upload('fineAAAAAAAAAAAAAAAAAA', 'An ordinary paper');
const arxiv = { ...upload('1706.03762', 'Attention'), platform: 'arxiv', paper_URL: null };
const reading: TFolder = { id: 1, name: 'Reading', type: 'folder', is_public: false, files: [bomb, fine, arxiv] };
const folders = [reading];

const chatFile = (
  file: typeof bomb | typeof arxiv,
  embedding_status: TChatFile['embedding_status'],
  embedding_error?: string,
): TChatFile => {
  const { folder_id: _folder, ...rest } = file;
  return { ...rest, embedding_status, ...(embedding_error ? { embedding_error } : {}) };
};
const REASON = 'the PDF declares 1000000 pages, more than the limit of 2000';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe("File List: where each paper's text stands (docs/ai.md#full-text-and-passages)", () => {
  it('says so plainly on the failed row only, with the reason', async () => {
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/chat/files': () => ({ body: [chatFile(bomb, 'failed', REASON), chatFile(fine, 'ready')] }),
    });
    renderWithApp(<FileListPanel />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(`Text could not be read: ${REASON}`);
    expect(note.closest('li')).toHaveTextContent('A million pages');
    expect(screen.getAllByRole('note')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'An ordinary paper' }).closest('li')).not.toHaveTextContent(
      'could not be read',
    );
  });

  it('asks again while a text is pending, and shows the failure once extraction gives up', async () => {
    let asked = 0;
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/chat/files': () => {
        asked++;
        return { body: [chatFile(bomb, asked === 1 ? 'pending' : 'failed', asked === 1 ? undefined : REASON)] };
      },
    });
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: 'A million pages' });
    expect(screen.queryByRole('note')).toBeNull();
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent(REASON), { timeout: 8000 });
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('says discreetly while a text is being read, and when only the abstract could be used', async () => {
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/chat/files': () => ({
        body: [
          chatFile(fine, 'pending'),
          chatFile(arxiv, 'abstract-only', 'the PDF answered 404'),
          chatFile(bomb, 'ready'),
        ],
      }),
    });
    renderWithApp(<FileListPanel />);
    const reading = await screen.findByRole('status');
    expect(reading).toHaveTextContent('Reading the full text…');
    expect(reading.closest('li')).toHaveTextContent('An ordinary paper');
    const abstractOnly = screen.getByRole('note');
    expect(abstractOnly).toHaveTextContent('Abstract only: the PDF could not be fetched');
    expect(abstractOnly).toHaveAttribute('title', 'the PDF answered 404');
    expect(abstractOnly.closest('li')).toHaveTextContent('Attention');
    expect(screen.getByRole('button', { name: 'A million pages' }).closest('li')).not.toHaveTextContent('text');
  });

  it('asks once for every row together', async () => {
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/chat/files': () => ({ body: [] }),
    });
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: 'Attention' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('/api/chat/files')),
      ).toHaveLength(1),
    );
  });
});
