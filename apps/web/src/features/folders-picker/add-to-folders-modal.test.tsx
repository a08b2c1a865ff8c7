import type { TFolder } from '@paperbench/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { AddToFoldersModal } from './add-to-folders-modal';

const folders: TFolder[] = [
  { id: 1, name: 'Alpha', type: 'folder', is_public: false, files: [] },
  { id: 2, name: 'Beta', type: 'folder', is_public: false, files: [] },
];
const paper = { paper_id: '1706.03762', platform: 'arxiv' };

describe('AddToFoldersModal (requirements §2, §5)', () => {
  it('enables Add once a folder is ticked, posts to each, and fires paper-attached', async () => {
    const added: string[] = [];
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'POST /api/folders/1/files': () => {
        added.push('1');
        return { status: 201, body: { ...paper, filename: 't', paper_URL: null, selected: false, folder_id: 1 } };
      },
      'POST /api/folders/2/files': () => {
        added.push('2');
        return { status: 201, body: { ...paper, filename: 't', paper_URL: null, selected: false, folder_id: 2 } };
      },
    });
    const onClose = vi.fn();
    const attached = vi.fn();
    window.addEventListener('paper-attached', attached);
    renderWithApp(<AddToFoldersModal paper={paper} onClose={onClose} />);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Alpha/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Beta/ }));
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(added).toEqual(['1', '2']);
    expect(attached).toHaveBeenCalledTimes(1);
    window.removeEventListener('paper-attached', attached);
  });

  it('closes on a backdrop click (a click on the <dialog> itself, outside its box)', async () => {
    mockApi({ 'GET /api/folders': () => ({ body: folders }) });
    const onClose = vi.fn();
    renderWithApp(<AddToFoldersModal paper={paper} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add to folders' });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Alpha/ }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog);
    expect(onClose).toHaveBeenCalled();
  });

  it("closes on Esc (the dialog's cancel event)", async () => {
    mockApi({ 'GET /api/folders': () => ({ body: folders }) });
    const onClose = vi.fn();
    renderWithApp(<AddToFoldersModal paper={paper} onClose={onClose} />);
    fireEvent(screen.getByRole('dialog', { name: 'Add to folders' }), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalled();
  });
});
