import type { TPdfMetadata } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { UploadDialog } from './upload-dialog';
import { fieldsFromMetadata } from './use-pdf-prefill';

const metadata: TPdfMetadata = {
  title: 'Reading Metadata from Born-Digital Research Papers',
  authors: ['Ada Lovelace', 'Charles Babbage'],
  published: '2021-03-12',
  abstract: 'We read the title from the layout.',
  doi: '10.5555/test.2021.42',
  arxiv_id: null,
  sources: { title: 'first-page-layout', authors: 'first-page-layout' },
};
const pdf = () => new File(['%PDF-1.4'], 'scan_0042.pdf', { type: 'application/pdf' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('alert', vi.fn());
});

function renderDialog() {
  renderWithApp(<UploadDialog onClose={() => {}} onUploaded={() => {}} />);
  return screen.getByRole('dialog', { name: 'Upload Paper' });
}

describe('Upload Paper dialog reads the chosen PDF (docs/uploads.md#metadata-from-the-pdf)', () => {
  it('pre-fills Title, Authors, Published Date and Abstract, with a note, and they stay editable', async () => {
    let answer: (value: { body: TPdfMetadata }) => void = () => {};
    const fetchMock = mockApi({
      'POST /api/upload/metadata': () => new Promise((resolve) => (answer = resolve)),
    });
    const dialog = renderDialog();
    await userEvent.upload(within(dialog).getByLabelText('PDF File'), pdf());
    expect(within(dialog).getByRole('status')).toHaveTextContent('Reading the PDF…');
    answer({ body: metadata });
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveValue(metadata.title));
    expect(within(dialog).getByLabelText('Authors')).toHaveValue('Ada Lovelace, Charles Babbage');
    expect(within(dialog).getByLabelText(/Published Date/)).toHaveValue('2021-03-12');
    expect(within(dialog).getByLabelText('Abstract')).toHaveValue('We read the title from the layout.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Read from the PDF');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Edited');
    expect(title).toHaveValue('Edited');
  });

  it('never overwrites what the user typed before the answer came', async () => {
    mockApi({ 'POST /api/upload/metadata': () => ({ body: metadata }) });
    const dialog = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'My own title');
    await userEvent.upload(within(dialog).getByLabelText('PDF File'), pdf());
    await waitFor(() => expect(within(dialog).getByLabelText('Authors')).toHaveValue('Ada Lovelace, Charles Babbage'));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('My own title');
  });

  it("replaces an earlier file's answer when another PDF is chosen, but not an edit", async () => {
    const second = { ...metadata, title: 'Another Paper', authors: ['Mary Somerville'] };
    let calls = 0;
    mockApi({ 'POST /api/upload/metadata': () => ({ body: calls++ === 0 ? metadata : second }) });
    const dialog = renderDialog();
    await userEvent.upload(within(dialog).getByLabelText('PDF File'), pdf());
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveValue(metadata.title));
    await userEvent.type(within(dialog).getByLabelText('Authors'), ', Me');
    await userEvent.upload(within(dialog).getByLabelText('PDF File'), pdf());
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveValue('Another Paper'));
    expect(within(dialog).getByLabelText('Authors')).toHaveValue('Ada Lovelace, Charles Babbage, Me');
  });

  it('leaves the fields empty with a quiet note when the PDF cannot be read', async () => {
    mockApi({
      'POST /api/upload/metadata': () => ({ status: 500, body: { error: 'INTERNAL', message: 'boom' } }),
    });
    const dialog = renderDialog();
    await userEvent.upload(within(dialog).getByLabelText('PDF File'), pdf());
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('could not be read'));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says so when the PDF tells nothing (a scan)', async () => {
    const nothing = {
      ...metadata,
      title: null,
      authors: null,
      published: null,
      abstract: null,
      doi: null,
      sources: {},
    };
    mockApi({ 'POST /api/upload/metadata': () => ({ body: nothing }) });
    const dialog = renderDialog();
    await userEvent.upload(within(dialog).getByLabelText('PDF File'), pdf());
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('does not say'));
  });

  it('drops a published date after today', () => {
    expect(fieldsFromMetadata({ ...metadata, published: '2999-01-01' }, '2026-11-29').published).toBe('');
  });

  it('leaves the date empty for a year alone, which the server keeps as a year', () => {
    const yearOnly = { ...metadata, published: '2016-01-01', published_precision: 'year' as const };
    expect(fieldsFromMetadata(yearOnly, '2026-11-29').published).toBe('');
  });
});
