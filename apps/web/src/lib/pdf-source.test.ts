import { describe, expect, it } from 'vitest';
import { uploadedPaperIdOf, viewerPdfUrl } from './pdf-source';

describe('viewerPdfUrl (PDF URL rules)', () => {
  it('keeps an uploaded paper PDF as the bare path: no id in the URL (docs/security.md#sessions)', () => {
    expect(viewerPdfUrl('/api/uploads/up_123/pdf')).toBe('/api/uploads/up_123/pdf');
    expect(viewerPdfUrl('/api/uploads/up_123/pdf')).not.toMatch(/uid=/);
  });

  it('sends arXiv PDFs through the proxy, on https and the export host (requirements §5)', () => {
    expect(viewerPdfUrl('http://arxiv.org/pdf/1706.03762v1')).toBe(
      `/api/pdf-proxy?url=${encodeURIComponent('https://export.arxiv.org/pdf/1706.03762v1')}`,
    );
    expect(viewerPdfUrl('https://export.arxiv.org/pdf/math/0601001')).toBe(
      '/api/pdf-proxy?url=https%3A%2F%2Fexport.arxiv.org%2Fpdf%2Fmath%2F0601001',
    );
  });

  it('sends ACL Anthology PDFs through the proxy', () => {
    expect(viewerPdfUrl('https://aclanthology.org/N18-3011.pdf')).toBe(
      '/api/pdf-proxy?url=https%3A%2F%2Faclanthology.org%2FN18-3011.pdf',
    );
  });

  it('keeps other URLs, and gives null for none or garbage', () => {
    expect(viewerPdfUrl('https://example.org/a.pdf')).toBe('https://example.org/a.pdf');
    expect(viewerPdfUrl('/static/a.pdf')).toBe('/static/a.pdf');
    expect(viewerPdfUrl(null)).toBeNull();
    expect(viewerPdfUrl('   ')).toBeNull();
    expect(viewerPdfUrl('not a url')).toBeNull();
  });
});

describe('uploadedPaperIdOf', () => {
  it('names the paper of an uploaded PDF path, signed or not', () => {
    expect(uploadedPaperIdOf('/api/uploads/up_123/pdf')).toBe('up_123');
    expect(uploadedPaperIdOf('/api/uploads/up_123/pdf?u=1&exp=2&sig=x')).toBe('up_123');
  });

  it('gives null for anything else', () => {
    expect(uploadedPaperIdOf('/api/uploads/up_123/pdf-url')).toBeNull();
    expect(uploadedPaperIdOf('/api/pdf-proxy?url=x')).toBeNull();
    expect(uploadedPaperIdOf(null)).toBeNull();
  });
});
