import type { TFolder } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render-app';
import { FileListPanel } from '../file-list-panel';

const imported = {
  paper_id: 'metaOnly000000000000000',
  platform: 'upload',
  filename: 'A Paper Nobody Has Heard Of',
  paper_URL: null,
  selected: false,
  no_pdf: true as const,
  folder_id: 1,
};
const folders = (files: TFolder['files'] = []): TFolder[] => [
  { id: 1, name: 'Reading', type: 'folder', is_public: false, files },
];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** The open folder's "Import references" (docs/import-export.md) and the metadata-only row's "Attach PDF". */
describe('Import references (File List)', () => {
  it('imports a .bib file and shows the report, every count and each rejected entry with its reason', async () => {
    const sent: unknown[] = [];
    let files: TFolder['files'] = [];
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders(files) }),
      'POST /api/folders/1/import': () => {
        files = [imported];
        return {
          body: {
            added: 2,
            matched: 1,
            metadata_only: 1,
            duplicates: 3,
            rejected: [{ entry: 'survey', reason: 'ambiguous: its title, first author and year match 2 papers' }],
          },
        };
      },
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import references' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import references into Reading' });
    const submit = within(dialog).getByRole('button', { name: 'Import' });
    expect(submit).toBeDisabled();
    const bib = new File(['@article{a, title={A}}'], 'refs.bib', { type: 'application/x-bibtex' });
    await userEvent.upload(within(dialog).getByLabelText(/Bibliography file/), bib);
    await userEvent.click(submit);

    const report = await within(dialog).findByRole('region', { name: 'Import report' });
    const count = (label: string) => within(report).getByText(label).nextElementSibling?.textContent;
    expect(count('Added to the folder')).toBe('2');
    expect(count('Matched to known papers')).toBe('1');
    expect(count('New papers without a PDF')).toBe('1');
    expect(count('Already in the folder or repeated')).toBe('3');
    expect(count('Rejected')).toBe('1');
    expect(within(report).queryByText('Updated from Zotero')).toBeNull();
    expect(within(report).getByText(/ambiguous: its title, first author and year match 2 papers/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/folders/1/import'));
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    sent.push((body as FormData).get('file'));
    expect((sent[0] as File).name).toBe('refs.bib');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    // The folder reads afresh: the new paper shows, without a PDF yet.
    expect(await screen.findByText('No PDF yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Attach PDF to ${imported.filename}` })).toBeInTheDocument();
  });

  it('shows the line a malformed file fails at, and keeps the form for another try', async () => {
    mockApi({
      'GET /api/folders': () => ({ body: folders() }),
      'POST /api/folders/1/import': () => ({
        status: 400,
        body: { error: 'INVALID_REQUEST', message: 'line 12: expected "rbrace", got EOF' },
      }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import references' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(within(dialog).getByLabelText(/Bibliography file/), new File(['@article{'], 'bad.bib'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('line 12: expected "rbrace", got EOF');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('imports a Zotero library, and shows what went wrong in words', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/folders': () => ({ body: folders() }),
      'POST /api/folders/1/import/zotero': ({ body }) => {
        bodies.push(body);
        return {
          status: 400,
          body: { error: 'INVALID_REQUEST', message: 'Zotero refused the API key for users/123 (403)' },
        };
      },
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import references' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zotero' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Library type'), 'group');
    await userEvent.type(within(dialog).getByLabelText('Library id'), '123');
    await userEvent.type(within(dialog).getByLabelText(/API key/), 'abcdefgh12345678');
    await userEvent.type(within(dialog).getByLabelText(/Collection key/), 'ABCD1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Zotero refused the API key');
    expect(bodies).toEqual([
      { library_type: 'group', library_id: '123', api_key: 'abcdefgh12345678', collection_key: 'ABCD1234' },
    ]);
  });

  it('reports a Zotero re-sync: items updated, and items deleted in Zotero taken out', async () => {
    mockApi({
      'GET /api/folders': () => ({ body: folders() }),
      'POST /api/folders/1/import/zotero': () => ({
        body: {
          added: 0,
          matched: 0,
          metadata_only: 0,
          duplicates: 0,
          updated: 2,
          removed: 1,
          rejected: [],
          library_version: 9,
        },
      }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import references' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zotero' }));
    await userEvent.type(within(dialog).getByLabelText('Library id'), '123');
    await userEvent.type(within(dialog).getByLabelText(/API key/), 'abcdefgh12345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const report = await within(dialog).findByRole('region', { name: 'Import report' });
    const count = (label: string) => within(report).getByText(label).nextElementSibling?.textContent;
    expect(count('Updated from Zotero')).toBe('2');
    expect(count('Deleted in Zotero, taken out')).toBe('1');
  });

  it('attaches a PDF to a metadata-only paper, and the export menu offers CSL-JSON', async () => {
    let attached: FormData | null = null;
    const fetchMock = mockApi({
      'GET /api/folders': () => ({ body: folders([imported]) }),
      'PUT /api/uploads/metaOnly000000000000000/pdf': () => ({ body: { ok: true } }),
    });
    renderWithApp(<FileListPanel />);
    const pdf = new File(['%PDF-1.7'], 'paper.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByLabelText(`PDF for ${imported.filename}`), pdf);
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      attached = (call?.[1]?.body as FormData) ?? null;
      expect(attached).not.toBeNull();
    });
    expect(((attached as unknown as FormData).get('file') as File).name).toBe('paper.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Export Reading' }));
    expect(screen.getByRole('button', { name: 'Export CSL-JSON' })).toBeInTheDocument();
  });
});
