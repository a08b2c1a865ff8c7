import { describe, expect, it } from 'vitest';
import { noteCorpusWrite } from '../../lib/corpus-writes';
import { keepWindow, recallWindow, WINDOW_TTL_MS } from './ranked-window-cache';

const window = (total: number) => ({
  keys: [{ platform: 'arxiv', paperId: `p${total}`, score: 1 }],
  total,
  depth: 200,
  estimated: true,
});

describe('ranked window cache (docs/search.md#repeated-searches)', () => {
  it('serves a kept window to the same database only, until it is too old', () => {
    const db = {};
    keepWindow(db, 'q', window(1), 1_000);
    expect(recallWindow(db, 'q', 1_000 + WINDOW_TTL_MS)?.total).toBe(1);
    expect(recallWindow({}, 'q', 1_000)).toBeUndefined();
    expect(recallWindow(db, 'other', 1_000)).toBeUndefined();
    expect(recallWindow(db, 'q', 1_001 + WINDOW_TTL_MS)).toBeUndefined();
    // An expired window is dropped, not served later.
    expect(recallWindow(db, 'q', 1_000)).toBeUndefined();
  });

  it('forgets every window once this process added papers', () => {
    const db = {};
    keepWindow(db, 'q', window(2), 0);
    noteCorpusWrite();
    expect(recallWindow(db, 'q', 0)).toBeUndefined();
  });

  it('keeps the 200 most recently used queries', () => {
    const db = {};
    for (let i = 0; i < 201; i += 1) {
      keepWindow(db, `q${i}`, window(i), 0);
      if (i === 100) expect(recallWindow(db, 'q0', 0)?.total).toBe(0); // used: kept past the 200 after it
    }
    expect(recallWindow(db, 'q0', 0)?.total).toBe(0);
    expect(recallWindow(db, 'q1', 0)).toBeUndefined();
    expect(recallWindow(db, 'q200', 0)?.total).toBe(200);
  });
});
