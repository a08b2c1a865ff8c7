import { describe, expect, it } from 'vitest';
import { rewritePdfUrl } from './paper-urls';

describe('rewritePdfUrl (requirements §5)', () => {
  it('upgrades http to https', () => {
    expect(rewritePdfUrl('http://example.org/a.pdf')).toBe('https://example.org/a.pdf');
    expect(rewritePdfUrl('  http://example.org/a.pdf  ')).toBe('https://example.org/a.pdf');
  });

  it('sends arxiv PDF links to the export host', () => {
    expect(rewritePdfUrl('http://arxiv.org/pdf/1903.06059v2')).toBe('https://export.arxiv.org/pdf/1903.06059v2');
    expect(rewritePdfUrl('https://www.arxiv.org/pdf/math/0601001')).toBe('https://export.arxiv.org/pdf/math/0601001');
  });

  it('leaves other https links and arxiv abstract pages alone', () => {
    expect(rewritePdfUrl('https://aclanthology.org/P19-1001.pdf')).toBe('https://aclanthology.org/P19-1001.pdf');
    expect(rewritePdfUrl('https://arxiv.org/abs/1903.06059')).toBe('https://arxiv.org/abs/1903.06059');
  });

  it('keeps a path on this server, but not a protocol-relative URL', () => {
    expect(rewritePdfUrl('/api/uploads/abc/pdf')).toBe('/api/uploads/abc/pdf');
    expect(rewritePdfUrl('//evil.example/a.pdf')).toBeNull();
  });

  it.each([[null], [undefined], [''], ['  '], ['not a url'], ['javascript:alert(1)'], ['ftp://example.org/a.pdf']])(
    'refuses %j',
    (input) => {
      expect(rewritePdfUrl(input)).toBeNull();
    },
  );
});
