import { describe, expect, it } from 'vitest';
import { readSearchUrl, searchUrl } from './search-url';

describe('searchUrl', () => {
  it('is /search?q=… alone for a plain search (requirements §4), spaces as %20', () => {
    expect(searchUrl({ query: 'graph neural network' })).toBe('/search?q=graph%20neural%20network');
  });

  it('adds sort, categories and dates only when they differ from the defaults', () => {
    expect(
      searchUrl({ query: 'a&b', sort: 'date', categories: ['cs', 'math.AG'], from: '2018-01-01', to: '2019-12-31' }),
    ).toBe('/search?q=a%26b&sort=date&category=cs%2Cmath.AG&from=2018-01-01&to=2019-12-31');
  });
});

describe('readSearchUrl', () => {
  it('reads back what searchUrl wrote', () => {
    const state = { query: 'q', sort: 'date' as const, categories: ['cs.CL', 'hep-th'], from: '2001-02-03', to: null };
    const url = new URL(searchUrl(state), 'http://x');
    expect(readSearchUrl(url.searchParams)).toEqual(state);
  });

  it('drops values edited by hand into something the API would refuse', () => {
    const params = new URLSearchParams('q=%20x%20&sort=popularity&category=cs,,bad;cat,cs&from=2019-1-1&to=soon');
    expect(readSearchUrl(params)).toEqual({ query: 'x', sort: 'relevance', categories: ['cs'], from: null, to: null });
  });
});
