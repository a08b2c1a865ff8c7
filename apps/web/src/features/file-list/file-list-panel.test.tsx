import type { TFolder } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from './file-list-panel';

const file = {
  paper_id: 'math/0601001',
  platform: 'arxiv',
  filename: 'On old-style ids',
  paper_URL: 'https://export.arxiv.org/pdf/math/0601001',
  selected: false,
  folder_id: 1,
};
const folders: TFolder[] = [
  { id: 1, name: 'Reading', type: 'folder', is_public: false, files: [file] },
  { id: 2, name: 'Forum', type: 'shared', is_public: true, files: [] },
];

let alertSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  alertSpy = vi.fn();
  vi.stubGlobal('alert', alertSpy);
});

describe('FileListPanel (requirements §2, §4)', () => {
  it("activates the first folder, shows the 'S' badge and 'Empty'", async () => {
    mockApi({ 'GET /api/folders': () => ({ body: folders }) });
    renderWithApp(<FileListPanel />);
    const reading = await screen.findByRole('button', { name: /^Reading/ });
    // The first folder is activated once the list has loaded, a render after the buttons first show.
    await waitFor(() => expect(reading).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('button', { name: 'On old-style ids' })).toBeInTheDocument();
    expect(screen.getByTitle('Shared')).toHaveTextContent('S');
    await userEvent.click(screen.getByRole('button', { name: /^Forum/ }));
    expect(screen.getByText('Empty')).toBeInTheDocument();
    expect(reading).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends the new selection state, and encodes the paper id when removing', async () => {
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'POST /api/chat/update_file_selection': ({ body }) => ({ body: { platform: 'arxiv', ...body } }),
      'DELETE /api/folders/1/files/math%2F0601001': () => ({ status: 204 }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select On old-style ids' }));
    expect(screen.getByRole('checkbox', { name: 'Select On old-style ids' })).toBeChecked();
    const selection = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/update_file_selection'));
    expect(JSON.parse(String(selection?.[1]?.body))).toEqual({
      paper_id: 'math/0601001',
      platform: 'arxiv',
      selected: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove On old-style ids' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/folders/1/files/math%2F0601001?platform=arxiv',
      ),
    );
  });

  it('rolls a failed rename back and alerts', async () => {
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'PATCH /api/folders/rename': () => ({ status: 500, body: { error: 'INTERNAL', message: 'boom' } }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.dblClick(await screen.findByRole('button', { name: /^Reading/ }));
    const input = screen.getByRole('textbox', { name: 'Folder name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Renamed{Enter}');
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Failed to rename folder. Please try again.'));
    expect(await screen.findByRole('button', { name: /^Reading/ })).toBeInTheDocument();
  });

  it("opens a new folder in its name editor, 'Untitled' selected, and makes one folder of a double Enter", async () => {
    let listed = folders;
    const untitled: TFolder = { id: 3, name: 'Untitled', type: 'folder', is_public: false, files: [] };
    // The server answers once both presses have landed: a double Enter faster than the round trip.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: listed }),
      'POST /api/folders/': async () => {
        await answered;
        listed = [...listed, untitled];
        return { status: 201, body: untitled };
      },
      'PATCH /api/folders/rename': ({ body }) => {
        listed = listed.map((f) => (f.id === body.folder_id ? { ...f, name: body.name } : f));
        return { body: { ...untitled, name: body.name } };
      },
    });
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: /^Reading/ }, { timeout: 5000 });
    screen.getByRole('button', { name: 'New' }).focus();
    await userEvent.keyboard('{Enter}{Enter}');
    answer();
    const input = (await screen.findByRole('textbox', { name: 'Folder name' }, { timeout: 5000 })) as HTMLInputElement;
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Untitled');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Untitled'.length]);
    const creates = () =>
      fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/folders/' && init?.method === 'POST');
    expect(creates()).toHaveLength(1);

    // Typing replaces the selected name; Enter saves, and focus goes to the folder, not back to New.
    await userEvent.keyboard('GNN reading{Enter}');
    const folder = await screen.findByRole('button', { name: /^GNN reading/ });
    expect(folder).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(creates()).toHaveLength(1);
  });

  it("says 'No files to share' in the Share list dialog (not an alert) when the folders hold nothing", async () => {
    mockApi({ 'GET /api/folders': () => ({ body: folders.slice(1, 2) }) });
    renderWithApp(<FileListPanel />);
    await screen.findByRole('button', { name: /^Forum/ });
    await userEvent.click(screen.getByRole('button', { name: 'Share list' }));
    expect(screen.getByRole('dialog', { name: 'Share list' })).toHaveTextContent('No files to share');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('opens the Upload Paper dialog with Submit disabled until a PDF is chosen', async () => {
    mockApi({ 'GET /api/folders': () => ({ body: folders }) });
    renderWithApp(<FileListPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Paper' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const input = within(dialog).getByLabelText('PDF File');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(alertSpy).toHaveBeenCalledWith('Please choose a PDF file.');
    expect(submit).toBeDisabled();
    await userEvent.upload(input, new File(['%PDF-1.4'], 'paper.pdf', { type: 'application/pdf' }));
    expect(submit).toBeEnabled();
    expect(within(dialog).getByLabelText(/Published Date/)).toHaveAttribute('placeholder', '1900-01-01');
  });
});
