import type { TChatFile } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

function mockShare(existing: string[]) {
  const calls: string[] = [];
  const fetchMock = mockApi({
    [`GET /api/share/${SHARE_ID}`]: () => ({
      body: { share_id: SHARE_ID, papers: [paperOf('a'), paperOf('b')], created_at: '2025-01-01T00:00:00.000Z' },
    }),
    'GET /api/chat/files': () => ({ body: existing.map(chatFile) }),
    [`POST /api/share/${SHARE_ID}/import`]: ({ body }) => {
      const { mode } = body as { mode: string };
      calls.push(`import ${mode}`);
      return { body: { attached: 2, already_present: 0, folder_id: 1 } };
    },
    // The import is one request now: these per-paper calls must not be made.
    'POST /api/chat/files/clear': () => {
      calls.push('clear');
      return { body: { ok: true } };
    },
    'POST /api/chat/attach_paper': ({ body }) => {
      calls.push(`attach ${(body as { paper_id: string }).paper_id}`);
      return { status: 201, body: chatFile((body as { paper_id: string }).paper_id) };
    },
  });
  return { calls, fetchMock };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

describe('SharedListImport (spec §4)', () => {
  it('asks when the user has files; Replace imports with mode replace and returns home replacing history', async () => {
    const { calls } = mockShare(['a']);
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

  it('Cancel returns home and changes nothing', async () => {
    const { calls } = mockShare(['a']);
    const { router } = renderWithApp(<SharedListImport shareId={SHARE_ID} />, `/share/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual([]);
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
        body: { share_id: SHARE_ID, papers: [paperOf('a')], created_at: '2025-01-01T00:00:00.000Z' },
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
