import { describe, expect, it } from 'vitest';
import { allowedPdfOrigins, checkPdfUrl } from './pdf-url-policy';

const origins = allowedPdfOrigins({
  ARXIV_PDF_BASE_URL: 'https://export.arxiv.org',
  ACL_PDF_BASE_URL: 'https://aclanthology.org/',
});

describe('the PDF proxy allow-list', () => {
  it.each([
    ['https://export.arxiv.org/pdf/1706.03762', 'https://export.arxiv.org/pdf/1706.03762'],
    ['https://EXPORT.arxiv.org:443/pdf/1706.03762v2#page=2', 'https://export.arxiv.org/pdf/1706.03762v2'],
    ['https://aclanthology.org/N18-3011.pdf', 'https://aclanthology.org/N18-3011.pdf'],
  ])('allows %s', (raw, normalised) => {
    expect(checkPdfUrl(raw, origins).href).toBe(normalised);
  });

  it.each([
    'https://arxiv.org/pdf/1706.03762',
    'http://export.arxiv.org/pdf/1706.03762',
    'https://export.arxiv.org:8443/pdf/1706.03762',
    'https://export.arxiv.org.evil.example/pdf/1',
    'https://export.arxiv.org@evil.example/pdf/1',
    'https://user:pass@export.arxiv.org/pdf/1',
    'file:///etc/passwd',
    'ftp://export.arxiv.org/pdf/1',
    'http://127.0.0.1/pdf/1',
    'https://www.aclweb.org/anthology/N18-3011.pdf',
  ])('refuses %s with 400 "host not allowed"', (raw) => {
    expect(() => checkPdfUrl(raw, origins)).toThrow(/host not allowed/);
  });

  it('refuses something that is not a URL', () => {
    expect(() => checkPdfUrl('export.arxiv.org/pdf/1', origins)).toThrow(/not an absolute URL/);
  });
});
