import type { TPaper } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { folder, folderComment, sharedFile, sharedFolder, viewerFolder } from '../../test/forum-fixtures';
import { mockApi, TEST_USER_ID } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import RwfFolderScreen from './rwf-folder-screen';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const attention: TPaper = {
  paper_id: '1706.03762',
  platform: 'arxiv',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  published_date: '2017-06-12',
  abstract: 'The dominant sequence transduction models…',
  categories: ['cs.CL'],
  pdf_url: 'https://arxiv.org/pdf/1706.03762',
};

const screenAt = (id = '7') => <RwfFolderScreen params={{ folderId: id }} title="Shared Folder" />;

const common = {
  'GET /api/folders/7/files': () => ({ body: [sharedFile()] }),
  'POST /api/chat/get_paper': ({ body }: { body: { paper_id: string } }) => ({
    body:
      body.paper_id === attention.paper_id
        ? attention
        : { ...attention, paper_id: body.paper_id, title: `Paper ${body.paper_id}` },
  }),
  'GET /api/comments/shared/7': () => ({ body: [folderComment({ content: 'Read section 3' })] }),
} as const;

describe('/rwf/{folderId}, a shared folder', () => {
  it('for its owner: title, mode, role, paper cards, editing, members, comment box', async () => {
    mockApi({
      ...common,
      'GET /api/forum/7': () => ({ body: sharedFolder() }),
      'GET /api/folders': () => ({ body: [] }),
    });
    renderWithApp(screenAt());
    expect(await screen.findByRole('heading', { level: 1, name: 'Transformers' })).toBeInTheDocument();
    expect(screen.getByText('Private', { selector: '.mode-badge' })).toBeInTheDocument();
    expect(screen.getByText(/Shared by you · Your role: Owner/)).toBeInTheDocument();
    // The usual paper card: PDF, Details, Add to File List.
    const details = await screen.findByRole('link', { name: 'Details' });
    const card = details.closest('article') as HTMLElement;
    expect(card).toHaveAccessibleName('Attention Is All You Need');
    expect(within(card).getByText('Ashish Vaswani, Noam Shazeer')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to File List' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Members' })).toHaveTextContent('bob@example.org');
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
    expect(screen.getByText('Read section 3')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'arXiv id' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove Attention Is All You Need from this folder' }),
    ).toBeInTheDocument();
  });

  it('an editor adds papers from their library and by arXiv id, and removes one', async () => {
    let files = [sharedFile()];
    const fetchMock = mockApi({
      ...common,
      'GET /api/forum/7': () => ({
        body: sharedFolder({
          users: [],
          role: 'editor',
          abilities: { view: true, comment: true, edit: true, manage: false },
        }),
      }),
      'GET /api/folders/7/files': () => ({ body: files }),
      'GET /api/folders': () => ({
        body: [
          folder({
            id: 3,
            name: 'Mine',
            files: [sharedFile({ paper_id: '2004.07180', filename: 'SPECTER', folder_id: 3 })],
          }),
        ],
      }),
      'POST /api/folders/7/files': ({ body }) => {
        const added = sharedFile({ paper_id: body.paper_id, filename: body.paper_id });
        files = [...files, added];
        return { status: 201, body: added };
      },
      'DELETE /api/folders/7/files/1706.03762': () => {
        files = files.filter((f) => f.paper_id !== '1706.03762');
        return { status: 204 };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(screenAt());
    expect(await screen.findByText(/Your role: Editor/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();

    const pick = screen.getByRole('combobox', { name: 'From your library' });
    await waitFor(() => expect(within(pick).getByRole('option', { name: 'SPECTER' })).toBeInTheDocument());
    await userEvent.selectOptions(pick, 'arxiv:2004.07180');
    await userEvent.click(screen.getByRole('button', { name: 'Add paper' }));
    expect(await screen.findByText('Added SPECTER.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'arXiv id' }), 'https://arxiv.org/abs/2301.00001v2');
    await userEvent.click(screen.getByRole('button', { name: 'Add by id' }));
    expect(await screen.findByText('Added arXiv 2301.00001v2.')).toBeInTheDocument();
    const adds = fetchMock.mock.calls
      .filter(([input, init]) => init?.method === 'POST' && String(input).includes('/api/folders/7/files'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(adds).toEqual([
      { paper_id: '2004.07180', platform: 'arxiv' },
      { paper_id: '2301.00001v2', platform: 'arxiv' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Attention Is All You Need from this folder' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Attention Is All You Need' })).toBeNull());
  });

  it('refuses a malformed arXiv id with a clear message and sends nothing', async () => {
    const fetchMock = mockApi({
      ...common,
      'GET /api/forum/7': () => ({ body: sharedFolder() }),
      'GET /api/folders': () => ({ body: [] }),
    });
    renderWithApp(screenAt());
    await userEvent.type(await screen.findByRole('textbox', { name: 'arXiv id' }), 'not an id');
    await userEvent.click(screen.getByRole('button', { name: 'Add by id' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an arXiv id such as 1706.03762');
    expect(
      fetchMock.mock.calls.some(([input, init]) => init?.method === 'POST' && String(input).includes('/files')),
    ).toBe(false);
  });

  it('for a viewer: papers and comments, no editing, no members, no comment box', async () => {
    mockApi({ ...common, 'GET /api/forum/7': () => ({ body: viewerFolder() }) });
    renderWithApp(screenAt());
    expect(await screen.findByText(/Shared by Ada · Your role: Viewer/)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Attention Is All You Need' })).toBeInTheDocument();
    expect(await screen.findByText('Read section 3')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'arXiv id' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.getByText(/ask the owner for the commenter role/)).toBeInTheDocument();
  });

  it('for an anonymous visitor of a public folder: read-only, with "Sign in to join the discussion"', async () => {
    mockApi({
      ...common,
      'GET /api/forum/7': () => ({
        body: viewerFolder({
          is_public: true,
          role: null,
          abilities: { view: true, comment: false, edit: false, manage: false },
        }),
      }),
    });
    renderWithApp(screenAt());
    expect(await screen.findByText('Public')).toHaveClass('mode-badge');
    expect(screen.getByText(/You are visiting a public folder \(read-only\)/)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Attention Is All You Need' })).toBeInTheDocument();
    expect(await screen.findByText('Read section 3')).toBeInTheDocument();
    expect(screen.getByText('Sign in to join the discussion.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Members' })).toBeNull();
  });

  it('a signed-in stranger to a public folder is told that only members comment', async () => {
    mockApi({
      ...common,
      'GET /api/forum/7': () => ({
        body: viewerFolder({ is_public: true, role: null }),
      }),
    });
    localStorage.setItem(
      'user',
      JSON.stringify({ email: 'eve@example.org', name: 'Eve', picture: null, user_id: TEST_USER_ID }),
    );
    renderWithApp(screenAt());
    expect(await screen.findByText(/Only members of this folder can comment/)).toBeInTheDocument();
    expect(screen.queryByText(/Sign in to join the discussion/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
  });

  it('a folder the caller may not see (404) is the not-found page', async () => {
    mockApi({
      'GET /api/forum/8': () => ({ status: 404, body: { error: 'NOT_FOUND', message: 'No such shared folder.' } }),
    });
    renderWithApp(screenAt('8'), '/rwf/8');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/rwf/8')).toBeInTheDocument();
  });

  it('another failure says so, with a way back', async () => {
    mockApi({
      'GET /api/forum/7': () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Try again soon.' } }),
    });
    renderWithApp(screenAt());
    expect(await screen.findByRole('heading', { name: 'This shared folder could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Try again soon.')).toBeInTheDocument();
  });
});
