import { describe, expect, it } from 'vitest';
import { normalizeArxivId } from './arxiv-id';

describe('normalizeArxivId', () => {
  it.each([
    ['1001.0028', '1001.0028'],
    ['1912.13470', '1912.13470'],
    ['704.0058', '0704.0058'],
    ['1001.07', '1001.0700'],
    ['1912.1347', '1912.13470'],
    ['1502.0765099999999', '1502.07651'],
    ['1501.0008300000002', '1501.00083'],
    ['1906.0885399999997', '1906.08854'],
    ['math/9204233', 'math/9204233'],
    ['cond-mat.mes-hall/0501001', 'cond-mat.mes-hall/0501001'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeArxivId(raw)).toBe(expected);
  });
});
