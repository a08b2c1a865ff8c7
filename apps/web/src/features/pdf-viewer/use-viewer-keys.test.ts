import { describe, expect, it } from 'vitest';
import { pageForKey } from './use-viewer-keys';

describe('paging keys (docs/reading.md#keyboard)', () => {
  it('go a page at a time, or to the ends, within the document', () => {
    expect(pageForKey('PageDown', 3, 8)).toBe(4);
    expect(pageForKey('PageDown', 8, 8)).toBe(8);
    expect(pageForKey('PageUp', 3, 8)).toBe(2);
    expect(pageForKey('PageUp', 1, 8)).toBe(1);
    expect(pageForKey('Home', 5, 8)).toBe(1);
    expect(pageForKey('End', 5, 8)).toBe(8);
    expect(pageForKey('ArrowDown', 5, 8)).toBeNull();
  });
});
