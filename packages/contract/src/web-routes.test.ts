import { describe, expect, it } from 'vitest';
import { hasValidWebRouteParams, isWebAppPage } from './web-routes';

describe('web route patterns (requirements §2, docs/security.md#browser-headers)', () => {
  it.each([
    '/',
    '/search',
    '/search?q=graph',
    '/SEARCH/',
    '/paper/1903.06059',
    '/paper/1903.06059/arxiv',
    '/paper/math%2F0601001/arxiv',
    '/rwf',
    '/rwf/12',
    '/share/abc',
    '/privacy-policy',
  ])('%s is a page', (url) => {
    expect(isWebAppPage(url)).toBe(true);
  });

  it.each(['/nonexistent', '/no/such/page', '/rwf/12ab', '/paper', '/paper/a/b/c', '/search/more', '/index.htm'])(
    '%s is not a page',
    (url) => {
      expect(isWebAppPage(url)).toBe(false);
    },
  );

  it('checks a folder id as digits only', () => {
    expect(hasValidWebRouteParams({ folderId: '42' })).toBe(true);
    expect(hasValidWebRouteParams({ folderId: '4a' })).toBe(false);
    expect(hasValidWebRouteParams({ id: 'anything' })).toBe(true);
  });
});
