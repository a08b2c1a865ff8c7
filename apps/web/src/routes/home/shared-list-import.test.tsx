import type { TChatFile, TShareImportResponse } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { libraryKeys } from '../../features/library/api';
import { ImportNotice } from '../../features/sharing/import-notice';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { SharedListImport } from './shared-list-import';

const SHARE_ID = 'shareToken_0123456789';
const paperOf = (paper_id: string) => ({
  paper_id,
  platform: 'arxiv',
  title: paper_id,
  authors: [],
  published_date: null,
  abstract: null,
  categories: [],
  pdf_url: null,
});
const chatFile = (paper_id: string): TChatFile => ({
  paper_id,
  platform: 'arxiv',
  filename: paper_id,
  paper_URL: null,
  selected: false,
  embedding_status: 'none',
});
const imported = (overrides: Partial<TShareImportResponse> = {}): TShareImportResponse => ({
  attached: 2,
  attached_papers: [
    { platform: 'arxiv', paper_id: 'a' },
    { platform: 'arxiv', paper_id: 'b' },
  ],
  already_present: 0,
  withheld: 0,
  folder_id: 7,
  ...overrides,
});

/** As the app has it: /share/{id} runs the import, home ('/') tells what it did. */
function ShareRoute() {
  const { pathname } = useLocation();
  return pathname.startsWith('/share/') ? <SharedListImport shareId={SHARE_ID} /> : <ImportNotice />;
}

function mockShare(existing: string[], result: TShareImportResponse = imported()) {
  const calls: string[] = [];
  const fetchMock = mockApi({
    [`GET /api/share/${SHARE_ID}`]: () => ({
      body: {
        share_id: SHARE_ID,
        papers: [paperOf('a'), paperOf('b')],
        withheld: 0,
        created_at: '2025-01-01T00:00:00.000Z',
      },
    }),
    'GET /api/chat/files': () => ({ body: existing.map(chatFile) }),
    [`POST /api/share/${SHARE_ID}/import`]: ({ body }) => {
      calls.push(`import ${body.mode}`);
      return { body: result };
    },
    // The import is one request now: these per-paper calls must not be made.
    'POST /api/chat/files/clear': () => {
      calls.push('clear');
      return { body: { ok: true } };
    },
    'POST /api/chat/attach_paper': ({ body }) => {
      calls.push(`attach ${body.paper_id}`);
      return { status: 201, body: chatFile(body.paper_id) };
    },
    // Undo: the File List's own remove, from the folder the import filled.
    'DELETE /api/folders/7/files/a': ({ url }) => {
      calls.push(`remove a ${url.searchParams.get('platform')}`);
      return { status: 204 };
    },
    'DELETE /api/folders/7/files/b': ({ url }) => {
      calls.push(`remove b ${url.searchParams.get('platform')}`);
      return { status: 204 };
    },
    'DELETE /api/folders/7/files/z': () => {
      calls.push('remove z');
      return { status: 204 };
    },
  });
  return { calls, fetchMock };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

describe('SharedListImport (requirements §4)', () => {
  it('asks when the user has files; Replace imports with mode replace and returns home replacing history', async () => {
    const { calls } = mockShare(['z']);
    const { router } = renderWithApp(<SharedListImport shareId={SHARE_ID} />, `/share/${SHARE_ID}`);
    expect(await screen.findByRole('dialog', { name: 'Import shared list' })).toHaveTextContent(
      'You have 1 file loaded. The shared list has 2 files.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls).toEqual(['import replace']);
  });

  it('Merge imports with mode merge (the server skips papers already present)', async () => {
    const { calls } = mockShare(['a']);
    const { router } = renderWithApp(<SharedListImport shareId={SHARE_ID} />, `/share/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual(['import merge']);
  });

  it('Cancel returns home, changes nothing and tells nothing', async () => {
    const { calls } = mockShare(['a']);
    const { router } = renderWithApp(<ShareRoute />, `/share/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('merges at once, without asking, when the user has no files', async () => {
    const { calls } = mockShare([]);
    const { router } = renderWithApp(<SharedListImport shareId={SHARE_ID} />, `/share/${SHARE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual(['import merge']);
  });

  it('shows the server refusal and stays on the page when the import fails', async () => {
    mockApi({
      [`GET /api/share/${SHARE_ID}`]: () => ({
        body: { share_id: SHARE_ID, papers: [paperOf('a')], withheld: 0, created_at: '2025-01-01T00:00:00.000Z' },
      }),
      'GET /api/chat/files': () => ({ body: [] }),
      [`POST /api/share/${SHARE_ID}/import`]: () => ({
        status: 404,
        body: { error: 'NOT_FOUND', message: `Shared list ${SHARE_ID} not found` },
      }),
    });
    const { router } = renderWithApp(<SharedListImport shareId={SHARE_ID} />, `/share/${SHARE_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The shared list could not be imported');
    expect(router.state.location.pathname).toBe(`/share/${SHARE_ID}`);
  });
});

describe('the import notice on home', () => {
  it('tells how many papers were added once home is shown', async () => {
    mockShare([]);
    const { router } = renderWithApp(<ShareRoute />, `/share/${SHARE_ID}`);
    await screen.findByText(/were added/);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('2 papers from a shared list were added to your File List.');
    expect(router.state.location.pathname).toBe('/');
    expect(notice).not.toHaveTextContent('already');
    expect(notice).not.toHaveTextContent('private');
  });

  it('says it in the singular, with papers already present and private uploads withheld', async () => {
    mockShare(
      ['b'],
      imported({
        attached: 1,
        attached_papers: [{ platform: 'arxiv', paper_id: 'a' }],
        already_present: 1,
        withheld: 2,
      }),
    );
    renderWithApp(<ShareRoute />, `/share/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 paper from a shared list was added to your File List. 1 paper was already there. ' +
        '2 private uploads on the list are not shared with you.',
    );
  });

  it('Undo removes exactly the attached papers from their folder and reads the folders afresh', async () => {
    const { calls } = mockShare([]);
    const { queryClient } = renderWithApp(<ShareRoute />, `/share/${SHARE_ID}`);
    await screen.findByText(/2 papers from a shared list were added/);
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Undone: 2 papers were removed from your File List.');
    expect(calls).toEqual(['import merge', 'remove a arxiv', 'remove b arxiv']);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: libraryKeys.all });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('after Replace, Undo removes only what the import attached (the cleared files cannot come back)', async () => {
    const { calls } = mockShare(
      ['z'],
      imported({ attached: 1, attached_papers: [{ platform: 'arxiv', paper_id: 'b' }] }),
    );
    renderWithApp(<ShareRoute />, `/share/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Undone: 1 paper was removed');
    expect(calls).toEqual(['import replace', 'remove b arxiv']);
  });

  it('offers no Undo when nothing was added, and Dismiss closes it', async () => {
    mockShare(['a', 'b'], imported({ attached: 0, attached_papers: [], already_present: 2 }));
    renderWithApp(<ShareRoute />, `/share/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 papers were already there.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
