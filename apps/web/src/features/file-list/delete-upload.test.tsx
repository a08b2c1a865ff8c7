import type { TFolder } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from './file-list-panel';
import { DELETE_UPLOAD_CONFIRM, DELETE_UPLOAD_NOT_OWNER_ALERT } from './use-delete-upload';

const upload = {
  paper_id: 'up_Abc123',
  platform: 'upload',
  filename: 'My draft',
  paper_URL: '/api/uploads/up_Abc123/pdf',
  selected: false,
  folder_id: 1,
};
const arxiv = { ...upload, paper_id: '1706.03762', platform: 'arxiv', filename: 'Attention', paper_URL: null };
const folders: TFolder[] = [{ id: 1, name: 'Reading', type: 'folder', is_public: false, files: [upload, arxiv] }];

let alertSpy: ReturnType<typeof vi.fn>;
let confirmSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  alertSpy = vi.fn();
  confirmSpy = vi.fn(() => true);
  vi.stubGlobal('alert', alertSpy);
  vi.stubGlobal('confirm', confirmSpy);
});

/** docs/security.md#taking-things-back: "Delete upload" in the File List row of an upload. */
describe('Delete upload (File List)', () => {
  it('is offered on uploads only, asks first, and sends DELETE /api/uploads/{id}', async () => {
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders }),
      // The contract's answer: 204 without a body (mockApi, typed against the contract, refuses a 200 here).
      'DELETE /api/uploads/up_Abc123': () => ({ status: 204 }),
    });
    renderWithApp(<FileListPanel />);
    const button = await screen.findByRole('button', { name: 'Delete upload My draft' }, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Delete upload Attention' })).toBeNull();

    confirmSpy.mockReturnValueOnce(false);
    await userEvent.click(button);
    expect(confirmSpy).toHaveBeenCalledWith(DELETE_UPLOAD_CONFIRM);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(button);
    const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    await waitFor(() => expect(calls()).toContain('DELETE /api/uploads/up_Abc123'), { timeout: 5_000 });
    // After the delete the folders are read again; no alert on success.
    await waitFor(() => expect(calls().filter((call) => call === 'GET /api/folders').length).toBeGreaterThan(1), {
      timeout: 5_000,
    });
    expect(alertSpy).not.toHaveBeenCalled();
    // Generous: two confirms, two renders and a reload in jsdom on a busy 2-core machine.
  }, 20_000);

  it('tells a non-uploader (404) that only the uploader can delete it', async () => {
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'DELETE /api/uploads/up_Abc123': () => ({
        status: 404,
        body: { error: 'NOT_FOUND', message: 'Uploaded paper up_Abc123 not found' },
      }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete upload My draft' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(DELETE_UPLOAD_NOT_OWNER_ALERT), { timeout: 5_000 });
    expect(screen.getByRole('button', { name: 'My draft' })).toBeInTheDocument();
  });
});
