import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { folder, sharedFolder } from '../../test/forum-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from '../file-list/file-list-panel';
import { ShareFolderDialog } from './share-folder-dialog';
import { SHARE_FOLDER_SUCCESS_EVENT } from './share-folder-success';
import { STOP_SHARING_CONFIRM } from './sharing-settings';

let fired = 0;
const onShared = () => {
  fired += 1;
};

beforeEach(() => {
  fired = 0;
  window.addEventListener(SHARE_FOLDER_SUCCESS_EVENT, onShared);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => window.removeEventListener(SHARE_FOLDER_SUCCESS_EVENT, onShared));

const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('sharing a folder from the File List (requirements §2 Share dialog, §4 Folder sharing)', () => {
  it("Share opens 'Choose the sharing mode'; Private shares, fires the event once, shows the badge and the link", async () => {
    let shared = false;
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: [folder(shared ? { type: 'shared' } : {})] }),
      'POST /api/forum/': () => {
        shared = true;
        return { status: 201, body: sharedFolder() };
      },
      'GET /api/forum/7': () => ({ body: sharedFolder() }),
    });
    renderWithApp(<FileListPanel />);
    const share = await screen.findByRole('button', { name: 'Share Transformers' });
    expect(share).toBeEnabled();
    expect(screen.queryByTitle('Shared')).toBeNull();
    await userEvent.click(share);
    const dialog = screen.getByRole('dialog', { name: 'Choose the sharing mode' });
    expect(within(dialog).getByRole('button', { name: 'Public' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Private' }));

    const sharing = await screen.findByRole('dialog', { name: 'Sharing' });
    expect(fired).toBe(1);
    expect(posts(fetchMock, '/api/forum/')).toEqual([{ folder_id: 7, is_public: false }]);
    expect(within(sharing).getByRole('textbox', { name: 'Link to the shared folder' })).toHaveValue(
      `${window.location.origin}/rwf/7`,
    );
    expect(within(sharing).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/rwf/7');
    // The folders are read afresh: the folder now carries its 'S' badge.
    expect(await screen.findByTitle('Shared')).toHaveTextContent('S');
    expect(fired).toBe(1);
  });

  it('Public shares with is_public true', async () => {
    const fetchMock = mockApi({
      'POST /api/forum/': () => ({ status: 201, body: sharedFolder({ is_public: true }) }),
      'GET /api/forum/7': () => ({ body: sharedFolder({ is_public: true }) }),
    });
    renderWithApp(<ShareFolderDialog folder={folder()} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Public' }));
    await screen.findByRole('dialog', { name: 'Sharing' });
    expect(posts(fetchMock, '/api/forum/')).toEqual([{ folder_id: 7, is_public: true }]);
    expect(fired).toBe(1);
  });

  it('Cancel closes without sharing and without the event', async () => {
    const fetchMock = mockApi({});
    const onClose = vi.fn();
    renderWithApp(<ShareFolderDialog folder={folder()} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(fired).toBe(0);
  });

  it("a failed share fires no event, shows the server's reason and stays open", async () => {
    mockApi({
      'POST /api/forum/': () => ({ status: 500, body: { error: 'INTERNAL', message: 'The database is away.' } }),
    });
    renderWithApp(<ShareFolderDialog folder={folder()} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Private' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sharing failed: The database is away.');
    expect(screen.getByRole('dialog', { name: 'Choose the sharing mode' })).toBeInTheDocument();
    expect(fired).toBe(0);
  });

  it('Share is disabled when the server says the caller may not share', async () => {
    mockApi({
      'GET /api/folders': () => ({
        body: [folder({ abilities: { rename: true, share: false, delete: true, comment: true } })],
      }),
    });
    renderWithApp(<FileListPanel />);
    expect(await screen.findByRole('button', { name: 'Share Transformers' })).toBeDisabled();
  });

  it('a shared folder opens the Sharing dialog: mode switch, members, link; Stop sharing asks first', async () => {
    let isPublic = false;
    const fetchMock = mockApi({
      'GET /api/forum/7': () => ({ body: sharedFolder({ is_public: isPublic }) }),
      'PATCH /api/forum/7/mode': ({ body }) => {
        isPublic = body.is_public;
        return { body: { is_public: isPublic } };
      },
      'DELETE /api/forum/7': () => ({ body: { ok: true } }),
    });
    const onClose = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithApp(<ShareFolderDialog folder={folder({ type: 'shared' })} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Sharing' });
    const privateMode = await within(dialog).findByRole('button', { name: 'Private' });
    expect(privateMode).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Public' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(within(dialog).getByRole('list', { name: 'Members' })).toHaveTextContent('bob@example.org');
    expect(within(dialog).getByRole('textbox', { name: 'Link to the shared folder' })).toHaveValue(
      `${window.location.origin}/rwf/7`,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect(confirm).toHaveBeenCalledWith(STOP_SHARING_CONFIRM);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(fired).toBe(0);
  });

  it('Copy puts the link on the clipboard', async () => {
    mockApi({ 'GET /api/forum/7': () => ({ body: sharedFolder() }) });
    const user = userEvent.setup();
    renderWithApp(<ShareFolderDialog folder={folder({ type: 'shared' })} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/rwf/7`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});
