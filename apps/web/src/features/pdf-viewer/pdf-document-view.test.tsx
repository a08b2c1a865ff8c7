import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import PdfDocumentView from './pdf-document-view';

// pdf.js needs a worker and a canvas; what it rejects with is what matters here.
const getDocument = vi.hoisted(() => vi.fn());
vi.mock('./load-pdfjs', () => ({ pdfjs: { getDocument } }));

/** A pdf.js loading task that fails as pdf.js does when the server answers `status`. */
const failingTask = (status: number) => ({
  promise: Promise.reject(
    Object.assign(new Error(`Unexpected server response (${status})`), {
      name: 'ResponseException',
      status,
    }),
  ),
  destroy: vi.fn(async () => {}),
});

const ARXIV_PDF = `/api/pdf-proxy?url=${encodeURIComponent('https://export.arxiv.org/pdf/1706.03762')}`;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  getDocument.mockReset();
  mockApi({});
});

describe('the PDF viewer when the PDF cannot be loaded', () => {
  it('says why, retries the load on Retry, and links to the paper page', async () => {
    getDocument.mockImplementationOnce(() => failingTask(502)).mockImplementationOnce(() => failingTask(404));
    const { router } = renderWithApp(<PdfDocumentView url={ARXIV_PDF} paperPath="/paper/1706.03762/arxiv" />);

    const alert = await screen.findByRole('alert', { name: 'arXiv unreachable' });
    expect(alert).toHaveTextContent(/fetched from arXiv, which did not answer/);
    const paperPage = screen.getByRole('link', { name: 'Open paper page' });
    expect(paperPage.getAttribute('href')).toBe('/paper/1706.03762/arxiv');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert', { name: 'PDF not found' })).toBeInTheDocument();
    expect(getDocument).toHaveBeenCalledTimes(2);
    expect(getDocument).toHaveBeenLastCalledWith(expect.objectContaining({ url: ARXIV_PDF }));

    await userEvent.click(screen.getByRole('link', { name: 'Open paper page' }));
    expect(router.state.location.pathname).toBe('/paper/1706.03762/arxiv');
  });

  it('offers no paper page when the paper is not known', async () => {
    getDocument.mockImplementationOnce(() => failingTask(413));
    renderWithApp(<PdfDocumentView url={ARXIV_PDF} />);
    expect(await screen.findByRole('alert', { name: 'This PDF is too large to open here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open paper page' })).toBeNull();
  });
});
