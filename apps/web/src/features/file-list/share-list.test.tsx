import type { TFolder, TFolderFile } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from './file-list-panel';

const SHARE_ID = 'shareToken_0123456789';
const fileOf = (paper_id: string, overrides: Partial<TFolderFile> = {}): TFolderFile => ({
  paper_id,
  platform: 'arxiv',
  filename: `Paper ${paper_id}`,
  paper_URL: `https://export.arxiv.org/pdf/${paper_id}`,
  selected: false,
  folder_id: 1,
  ...overrides,
});
const gone = fileOf('u-1', {
  platform: 'upload',
  filename: 'No longer shared with you',
  paper_URL: null,
  unavailable: true,
});
const folders: TFolder[] = [
  { id: 1, name: 'Reading', type: 'folder', is_public: false, files: [fileOf('2401.00001'), gone] },
];

let alertSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  alertSpy = vi.fn();
  vi.stubGlobal('alert', alertSpy);
});

function mockSharing(listed: TFolder[] = folders) {
  const sent: unknown[] = [];
  const revoked: string[] = [];
  const fetchMock = mockApi({
    'GET /api/folders': () => ({ body: listed }),
    'POST /api/share': ({ body }) => {
      sent.push(body.files);
      return { status: 201, body: { share_id: SHARE_ID } };
    },
    [`DELETE /api/share/${SHARE_ID}`]: () => {
      revoked.push(SHARE_ID);
      return { status: 204 };
    },
  });
  return { sent, revoked, fetchMock };
}

describe('Share list (requirements §4)', () => {
  it('shows the link in a dialog, without alert(), and Copy puts it on the clipboard', async () => {
    const user = userEvent.setup();
    const { sent } = mockSharing();
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: /^Reading/ });
    await user.click(screen.getByRole('button', { name: 'Share list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share list' });
    const field = within(dialog).getByRole('textbox', { name: 'Link to your list' });
    await waitFor(() => expect(field).toHaveValue(`${window.location.origin}/share/${SHARE_ID}`));
    expect(field).toHaveAttribute('readonly');
    // The unavailable upload is not sent: only the readable paper.
    expect(sent).toEqual([[{ paper_id: '2401.00001', platform: 'arxiv' }]]);
    expect(dialog).toHaveTextContent('Anyone with this link can add your 1 paper to their File List.');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/${SHARE_ID}`);
    expect(alertSpy).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('selects the link when the clipboard refuses', async () => {
    const user = userEvent.setup();
    mockSharing();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: /^Reading/ });
    await user.click(screen.getByRole('button', { name: 'Share list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share list' });
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Link to your list' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Could not copy: the link is selected');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('Revoke link calls DELETE /api/share/{id} and says so', async () => {
    const user = userEvent.setup();
    const { revoked } = mockSharing();
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: /^Reading/ });
    await user.click(screen.getByRole('button', { name: 'Share list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share list' });
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByText(/Link revoked/)).toBeInTheDocument();
    expect(revoked).toEqual([SHARE_ID]);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Revoke link' })).toBeNull();
  });

  it("says 'No files to share' in the dialog when only unavailable files are left, and sends nothing", async () => {
    const user = userEvent.setup();
    const { sent } = mockSharing([{ ...folders[0], files: [gone] } as TFolder]);
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: /^Reading/ });
    await user.click(screen.getByRole('button', { name: 'Share list' }));
    expect(await screen.findByRole('dialog', { name: 'Share list' })).toHaveTextContent('No files to share');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});

describe('a file no longer shared with the user', () => {
  it('shows a muted row with only Remove: no open, no select', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'DELETE /api/folders/1/files/u-1': () => ({ status: 204 }),
    });
    renderWithApp(<FileListPanel />);
    const list = await screen.findByRole('list', { name: 'Files in Reading' });
    const row = within(list).getByText('No longer shared with you').closest('li') as HTMLElement;
    expect(row).toHaveClass('is-unavailable');
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Remove']);
    // The readable paper keeps its row as before.
    expect(within(list).getByRole('checkbox', { name: 'Select Paper 2401.00001' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/folders/1/files/u-1?platform=upload'),
    );
  });
});
