import type { TFolder, TPaper } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PaperDetailsScreen from '../../routes/paper/paper-screen';
import RwfFolderScreen from '../../routes/rwf-folder/rwf-folder-screen';
import { sharedFolder } from '../../test/forum-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from '../file-list/file-list-panel';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const file = (paper_id: string, filename: string) => ({
  paper_id,
  platform: 'arxiv',
  filename,
  paper_URL: `https://export.arxiv.org/pdf/${paper_id}`,
  selected: false,
  folder_id: 1,
});
const folders: TFolder[] = [
  {
    id: 1,
    name: 'Reading',
    type: 'folder',
    is_public: false,
    files: [file('1706.03762', 'Attention'), file('1810.04805', 'BERT')],
  },
];
const count = (paper_id: string, annotation_count: number, unread_count: number) => ({
  paper_id,
  platform: 'arxiv',
  annotation_count,
  mine_count: annotation_count,
  unread_count,
});

describe('mark counts (docs/annotations.md#the-annotations-panel)', () => {
  it("the File List's rows show their marks and unread, asked in one request for the folder", async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/annotations/counts': ({ url }) => {
        asked.push(url.searchParams.get('papers') ?? '');
        return { body: [count('1706.03762', 3, 2), count('1810.04805', 0, 0)] };
      },
    });
    renderWithApp(<FileListPanel />);
    const rows = await screen.findByRole('list', { name: 'Files in Reading' });
    const attention = within(rows).getAllByRole('listitem')[0] as HTMLElement;
    expect(await within(attention).findByRole('img', { name: '3 marks' })).toHaveTextContent('3');
    expect(within(attention).getByText('2 unread')).toBeInTheDocument();
    const bert = within(rows).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(bert).queryByRole('img', { name: /marks?$/ })).toBeNull();
    expect(asked).toEqual(['arxiv:1706.03762,arxiv:1810.04805']);
  });

  it('the paper page says how many marks the paper has', async () => {
    const paper: TPaper = {
      paper_id: '1706.03762',
      platform: 'arxiv',
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani'],
      published_date: '2017-06-12',
      abstract: null,
      categories: [],
      pdf_url: null,
    };
    mockApi({
      'POST /api/chat/get_paper': () => ({ body: paper }),
      'GET /api/annotations/counts': () => ({ body: [count('1706.03762', 4, 0)] }),
    });
    renderWithApp(<PaperDetailsScreen params={{ id: '1706.03762' }} title="Paper" />);
    expect(await screen.findByText('4 marks')).toBeInTheDocument();
  });

  it("the shared folder page shows the unread in its marks' threads", async () => {
    mockApi({
      'GET /api/forum/7': () => ({ body: sharedFolder() }),
      'GET /api/folders/7/files': () => ({ body: [] }),
      'GET /api/comments/shared/7': () => ({ body: [] }),
      'GET /api/annotations/unread': () => ({ body: { folder_id: 7, unread_count: 2 } }),
    });
    renderWithApp(<RwfFolderScreen params={{ folderId: '7' }} title="Shared Folder" />);
    await waitFor(() => expect(screen.getByText("2 unread in marks' threads")).toBeInTheDocument());
  });
});
