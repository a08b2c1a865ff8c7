import type { TFolder } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameFromDisposition } from '../../lib/save-blob';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { FileListPanel } from './file-list-panel';
import { EXPORT_FAILED_ALERT } from './folder-export-menu';

const folders: TFolder[] = [{ id: 1, name: 'Reading', type: 'folder', is_public: false, files: [] }];
const BIBTEX = '@misc{Vaswani2017Attention,\n\ttitle = {Attention},\n}\n';

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  saved = [];
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs[Number(this.href.split(':').pop()) - 1] as Blob });
  });
});

describe('folder export (File List folder actions)', () => {
  it('downloads the folder as BibTeX or RIS from the Export action', async () => {
    const formats: (string | null)[] = [];
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/folders/1/export': ({ url }) => {
        formats.push(url.searchParams.get('format'));
        return { body: url.searchParams.get('format') === 'ris' ? 'TY  - GEN\nER  - \n' : BIBTEX };
      },
    });
    renderWithApp(<FileListPanel />);
    const exportButton = await screen.findByRole('button', { name: 'Export Reading' });
    expect(exportButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(exportButton);
    expect(exportButton).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Export BibTeX' }));
    // Choosing closes the choices.
    expect(screen.queryByRole('button', { name: 'Export RIS' })).not.toBeInTheDocument();
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Reading.bib']));
    expect(await readBlob(saved[0]?.blob as Blob)).toBe(BIBTEX);

    await userEvent.click(exportButton);
    await userEvent.click(screen.getByRole('button', { name: 'Export RIS' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Reading.bib', 'Reading.ris']));
    expect(await readBlob(saved[1]?.blob as Blob)).toBe('TY  - GEN\nER  - \n');
    expect(formats).toEqual(['bibtex', 'ris']);
  });

  it('asks for the user’s notes with "Include my notes", in BibTeX and in Markdown', async () => {
    const queries: string[] = [];
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/folders/1/export': ({ url }) => {
        queries.push(url.search);
        return { body: BIBTEX };
      },
    });
    renderWithApp(<FileListPanel />);
    const exportButton = await screen.findByRole('button', { name: 'Export Reading' });
    await userEvent.click(exportButton);
    await userEvent.click(screen.getByRole('button', { name: 'Export BibTeX' }));
    await userEvent.click(exportButton);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include my notes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export Markdown' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Reading.bib', 'Reading.md']));
    expect(queries).toEqual(['?format=bibtex', '?format=markdown&annote=true']);
  });

  it('closes on Escape, and alerts when the download fails', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    mockApi({
      'GET /api/folders': () => ({ body: folders }),
      'GET /api/folders/1/export': () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Busy.' } }),
    });
    renderWithApp(<FileListPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export Reading' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Export BibTeX' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export Reading' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export BibTeX' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(EXPORT_FAILED_ALERT));
    expect(saved).toEqual([]);
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    [
      `attachment; filename="Godel & friends.bib"; filename*=UTF-8''G%C3%B6del%20%26%20friends.bib`,
      'Gödel & friends.bib',
    ],
    ['attachment; filename="Reading list.ris"', 'Reading list.ris'],
    [`attachment; filename="a_b.bib"; filename*=UTF-8''%E0%A4%A.bib`, 'a_b.bib'],
    ['attachment', null],
    [null, null],
  ])('reads %j', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});
