import { describe, expect, it } from 'vitest';
import { viewerPdfUrl } from './pdf-source';

const UID = 'testUserId_0123456789a';

describe('viewerPdfUrl (PDF URL rules)', () => {
  it('adds ?uid= to an uploaded paper PDF', () => {
    expect(viewerPdfUrl('/api/uploads/up_123/pdf', UID)).toBe(`/api/uploads/up_123/pdf?uid=${UID}`);
    expect(viewerPdfUrl('/api/uploads/up_123/pdf?x=1', UID)).toBe(`/api/uploads/up_123/pdf?x=1&uid=${UID}`);
  });

  it('leaves an uploaded PDF alone without an id or when uid is already there', () => {
    expect(viewerPdfUrl('/api/uploads/a/pdf', null)).toBe('/api/uploads/a/pdf');
    expect(viewerPdfUrl(`/api/uploads/a/pdf?uid=${UID}`, UID)).toBe(`/api/uploads/a/pdf?uid=${UID}`);
  });

  it('sends arXiv PDFs through the proxy, on https and the export host (spec §5)', () => {
    expect(viewerPdfUrl('http://arxiv.org/pdf/1706.03762v1', UID)).toBe(
      `/api/pdf-proxy?url=${encodeURIComponent('https://export.arxiv.org/pdf/1706.03762v1')}`,
    );
    expect(viewerPdfUrl('https://export.arxiv.org/pdf/math/0601001', UID)).toBe(
      '/api/pdf-proxy?url=https%3A%2F%2Fexport.arxiv.org%2Fpdf%2Fmath%2F0601001',
    );
  });

  it('sends ACL Anthology PDFs through the proxy', () => {
    expect(viewerPdfUrl('https://aclanthology.org/N18-3011.pdf', null)).toBe(
      '/api/pdf-proxy?url=https%3A%2F%2Faclanthology.org%2FN18-3011.pdf',
    );
  });

  it('keeps other URLs, and gives null for none or garbage', () => {
    expect(viewerPdfUrl('https://example.org/a.pdf', UID)).toBe('https://example.org/a.pdf');
    expect(viewerPdfUrl('/static/a.pdf', UID)).toBe('/static/a.pdf');
    expect(viewerPdfUrl(null, UID)).toBeNull();
    expect(viewerPdfUrl('   ', UID)).toBeNull();
    expect(viewerPdfUrl('not a url', UID)).toBeNull();
  });
});
