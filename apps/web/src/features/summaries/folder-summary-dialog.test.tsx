import type { TFolder, TFolderSummary } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from '../file-list/file-list-panel';
import { OFFLINE_REGENERATE_NOTE, STALE_SUMMARY_NOTE } from './folder-summary-dialog';

const file = {
  paper_id: '2004.07180',
  platform: 'arxiv',
  filename: 'SPECTER',
  paper_URL: 'https://export.arxiv.org/pdf/2004.07180',
  selected: false,
  folder_id: 1,
};
const folders: TFolder[] = [{ id: 1, name: 'Embeddings', type: 'folder', is_public: false, files: [file] }];

const overview = (overrides: Partial<TFolderSummary> = {}): TFolderSummary => ({
  folder_id: 1,
  summary: 'Document embeddings come from the citation graph [1].',
  source: 'extractive',
  generated_at: '2026-11-24T00:00:00.000Z',
  stale: false,
  passages: [
    {
      n: 1,
      paper_id: '2004.07180',
      platform: 'arxiv',
      page: 1,
      text: 'SPECTER pretrains a Transformer on the citation graph.',
    },
  ],
  citations: { supported: [1], unsupported: [] },
  abstained: false,
  ...overrides,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the folder summary (docs/ai.md#summaries)', () => {
  it('opens from the folder block with the cited overview, says when it is stale, and regenerates it', async () => {
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/folders/1/summary': () => ({ body: overview({ stale: true }) }),
      'POST /api/folders/1/summary/regenerate': () => ({
        body: overview({
          summary: 'A fresh overview of the citation graph [1].',
          generated_at: '2026-11-25T00:00:00.000Z',
        }),
      }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Summarize Embeddings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Summary of Embeddings' });
    await waitFor(() => expect(dialog).toHaveTextContent('Document embeddings come from the citation graph'));
    expect(within(dialog).getByText('Extractive summary — no AI model configured')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Citation 1, page 1/ })).toHaveClass('is-supported');
    expect(within(dialog).getByText(STALE_SUMMARY_NOTE)).toBeInTheDocument();
    // Stale: regenerating offline does change the text, so the offline note is not shown.
    expect(within(dialog).queryByText(OFFLINE_REGENERATE_NOTE)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(dialog).toHaveTextContent('A fresh overview of the citation graph'));
    expect(within(dialog).queryByText(STALE_SUMMARY_NOTE)).not.toBeInTheDocument();
    // Up to date and extractive: Regenerate says it would give the same text.
    expect(within(dialog).getByText(OFFLINE_REGENERATE_NOTE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Regenerate' })).toHaveAccessibleDescription(
      OFFLINE_REGENERATE_NOTE,
    );
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toContain(
      'POST /api/folders/1/summary/regenerate',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a failure plainly, with Retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/folders/1/summary': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 502,
              body: { error: 'BAD_GATEWAY', message: 'The summary could not be written (the AI model failed).' },
            }
          : { body: overview() };
      },
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Summarize Embeddings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Summary of Embeddings' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('the AI model failed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(dialog).toHaveTextContent('Document embeddings come from the citation graph'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
