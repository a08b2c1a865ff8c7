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
  file: typeof bomb,
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

describe('File List: an upload whose text could not be read (docs/security.md#work-queue-and-pdf-limits)', () => {
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

  it('does not ask at all when the File List holds no upload', async () => {
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: [{ ...reading, files: [arxiv] }] }),
    });
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: 'Attention' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/chat/files');
  });
});
