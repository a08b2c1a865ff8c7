import { describe, expect, it } from 'vitest';
import { parseArxivId } from './arxiv-id';

describe('parseArxivId', () => {
  it('accepts bare new- and old-style ids, with versions', () => {
    expect(parseArxivId('1706.03762')).toBe('1706.03762');
    expect(parseArxivId(' 2401.01234v2 ')).toBe('2401.01234v2');
    expect(parseArxivId('math/0601001')).toBe('math/0601001');
    expect(parseArxivId('math.AG/0601001')).toBe('math.AG/0601001');
  });

  it("reads 'arXiv:' ids and arxiv.org links", () => {
    expect(parseArxivId('arXiv:1706.03762')).toBe('1706.03762');
    expect(parseArxivId('https://arxiv.org/abs/1706.03762v5')).toBe('1706.03762v5');
    expect(parseArxivId('https://arxiv.org/pdf/1706.03762.pdf')).toBe('1706.03762');
    expect(parseArxivId('http://export.arxiv.org/abs/hep-th/9901001')).toBe('hep-th/9901001');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'hello', '1706.037', '17060.03762', 'https://example.com/abs/1706.03762', '../1706.03762']) {
      expect(parseArxivId(bad)).toBeNull();
    }
  });
});
