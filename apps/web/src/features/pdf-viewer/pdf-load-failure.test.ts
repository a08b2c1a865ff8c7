import { describe, expect, it } from 'vitest';
import { pdfLoadFailureOf, remoteHostNameOf } from './pdf-load-failure';

const ARXIV = `/api/pdf-proxy?url=${encodeURIComponent('https://export.arxiv.org/pdf/1706.03762')}`;
const ACL = `/api/pdf-proxy?url=${encodeURIComponent('https://aclanthology.org/N18-3011.pdf')}`;
const UPLOAD = '/api/uploads/up_1/pdf';

/** What pdf.js rejects with (its ResponseException, rebuilt from the worker: a name and a status). */
const response = (status: number) => ({
  name: 'ResponseException',
  message: `Unexpected server response (${status})`,
  status,
  missing: status === 404,
});

describe('pdfLoadFailureOf (why the viewer could not show a PDF)', () => {
  it.each([
    [502, 'unreachable', 'arXiv unreachable'],
    [503, 'unreachable', 'arXiv unreachable'],
    [504, 'unreachable', 'arXiv unreachable'],
    [404, 'not_found', 'PDF not found'],
    [410, 'not_found', 'PDF not found'],
    [413, 'too_large', 'This PDF is too large to open here'],
    [415, 'not_pdf', 'This file is not a PDF'],
    [500, 'generic', 'The PDF could not be loaded'],
    [403, 'generic', 'The PDF could not be loaded'],
  ] as const)('maps a proxied arXiv PDF answering %i to %s', (status, kind, title) => {
    expect(pdfLoadFailureOf(response(status), ARXIV)).toMatchObject({ kind, title });
  });

  it('names the host in what it says', () => {
    expect(pdfLoadFailureOf(response(502), ARXIV).detail).toMatch(/fetched from arXiv, which did not answer/);
    expect(pdfLoadFailureOf(response(502), ACL).title).toBe('The ACL Anthology unreachable');
    expect(pdfLoadFailureOf(response(404), ARXIV).detail).toMatch(/^arXiv has no PDF for this paper/);
    expect(pdfLoadFailureOf(response(413), ARXIV).detail).toMatch(/size limit .* fetched from arXiv/);
  });

  it('speaks of this server, not a remote host, for an upload', () => {
    expect(pdfLoadFailureOf(response(404), UPLOAD)).toMatchObject({
      kind: 'not_found',
      detail: 'This PDF no longer exists, or it is no longer shared with you.',
    });
    expect(pdfLoadFailureOf(response(502), UPLOAD).title).toBe('The server unreachable');
  });

  it('reads bytes that are not a PDF as not_pdf', () => {
    const invalid = { name: 'InvalidPDFException', message: 'Invalid PDF structure.' };
    expect(pdfLoadFailureOf(invalid, UPLOAD)).toMatchObject({ kind: 'not_pdf', title: 'This file is not a PDF' });
  });

  it.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['nothing at all', undefined],
    ['a status that is not a number', { name: 'ResponseException', status: '502' }],
  ])('falls back to the generic message on %s', (_name, error) => {
    expect(pdfLoadFailureOf(error, ARXIV)).toMatchObject({ kind: 'generic', title: 'The PDF could not be loaded' });
  });
});

describe('remoteHostNameOf', () => {
  it('names the proxied host, and no host for our own PDFs', () => {
    expect(remoteHostNameOf(ARXIV)).toBe('arXiv');
    expect(remoteHostNameOf(ACL)).toBe('the ACL Anthology');
    expect(remoteHostNameOf(UPLOAD)).toBeNull();
    expect(remoteHostNameOf('/api/pdf-proxy?url=not-a-url')).toBeNull();
    expect(remoteHostNameOf('https://example.org/a.pdf')).toBe('example.org');
  });
});
