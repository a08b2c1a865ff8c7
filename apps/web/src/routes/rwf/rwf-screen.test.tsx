import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedFolder, viewerFolder } from '../../test/forum-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import RwfScreen from './rwf-screen';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const screenAt = () => <RwfScreen params={{}} title="Related Work Forum" />;

describe('/rwf, the Related Work Forum', () => {
  it('lists shared folders with name, owner, role, mode and file count', async () => {
    mockApi({
      'GET /api/forum/': () => ({
        body: [
          sharedFolder({ file_count: 3 }),
          viewerFolder({ folder_id: 9, name: 'Diffusion', is_public: true, owner_name: 'Grace', file_count: 1 }),
        ],
      }),
    });
    renderWithApp(screenAt());
    const list = await screen.findByRole('list', { name: 'Shared folders' });
    const [mine, theirs] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(mine as HTMLElement).getByRole('link', { name: 'Transformers' })).toHaveAttribute('href', '/rwf/7');
    expect(mine).toHaveTextContent('Private');
    expect(mine).toHaveTextContent('Shared by you');
    expect(mine).toHaveTextContent('Owner');
    expect(mine).toHaveTextContent('3 papers');
    expect(within(theirs as HTMLElement).getByRole('link', { name: 'Diffusion' })).toHaveAttribute('href', '/rwf/9');
    expect(theirs).toHaveTextContent('Public');
    expect(theirs).toHaveTextContent('Shared by Grace');
    expect(theirs).toHaveTextContent('Viewer');
    expect(theirs).toHaveTextContent('1 paper');
  });

  it('explains how to share a folder when there is none', async () => {
    mockApi({ 'GET /api/forum/': () => ({ body: [] }) });
    renderWithApp(screenAt());
    expect(await screen.findByRole('heading', { name: 'No shared folders yet' })).toBeInTheDocument();
    expect(screen.getByText(/open the File List, choose the share button/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Shared folders' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({
      'GET /api/forum/': () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Try again soon.' } }),
    });
    renderWithApp(screenAt());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shared folders could not be loaded: Try again soon.',
    );
  });

  it('shows a loading state first', () => {
    mockApi({ 'GET /api/forum/': () => new Promise(() => {}) });
    renderWithApp(screenAt());
    expect(screen.getByRole('status')).toHaveTextContent('Loading shared folders');
  });
});
