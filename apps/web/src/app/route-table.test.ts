import { isWebAppPage, WEB_ROUTE_PATHS } from '@paperbench/contract';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, documentTitleOf, NOT_FOUND_ROUTE, type TAppRoute } from './route-table';
import { appRouteObjects } from './router';

function routeAt(pathname: string): TAppRoute | undefined {
  const matches = matchRoutes(appRouteObjects, pathname);
  return (matches?.at(-1)?.route.handle as { route: TAppRoute } | undefined)?.route;
}

describe('route table (requirements §2)', () => {
  it.each([
    ['/', 'Home'],
    ['/search', 'Search'],
    ['/paper/1903.06059', 'Paper Details'],
    ['/paper/1903.06059/acl', 'Paper Details'],
    ['/rwf', 'Related Work Forum'],
    ['/rwf/42', 'Shared Folder'],
    ['/share/abc', 'Shared List'],
    ['/sci', 'AI Scientist'],
    ['/no/such/page', 'Page Not Found'],
  ])('%s is %s', (pathname, title) => {
    expect(routeAt(pathname)?.title).toBe(title);
  });

  it('reads an encoded old-style arXiv id as one param', () => {
    const match = matchRoutes(appRouteObjects, '/paper/math%2F0601001/arxiv')?.at(-1);
    expect(match?.params).toMatchObject({ id: 'math/0601001', platform: 'arxiv' });
  });

  it('accepts only digits as a folder id', () => {
    const folderRoute = APP_ROUTES.find((route) => route.path === '/rwf/:folderId');
    expect(folderRoute?.hasValidParams?.({ folderId: '42' })).toBe(true);
    expect(folderRoute?.hasValidParams?.({ folderId: '4a' })).toBe(false);
  });

  it('builds its pages from the contract patterns the server also reads (docs/security.md#browser-headers)', () => {
    const pagePaths = APP_ROUTES.filter((route) => route !== NOT_FOUND_ROUTE).map((route) => route.path);
    expect(pagePaths).toEqual(Object.values(WEB_ROUTE_PATHS));
  });

  it.each([
    '/',
    '/search/',
    '/Search',
    '/paper/1903.06059',
    '/paper/math%2F0601001/arxiv',
    '/paper/a/b/c',
    '/rwf/42',
    '/rwf/4a',
    '/share/abc',
    '/nonexistent',
    '/chat/more',
  ])('the server calls %s a page exactly when the app does not show its 404 page', (pathname) => {
    const route = routeAt(pathname);
    const params = matchRoutes(appRouteObjects, pathname)?.at(-1)?.params ?? {};
    const isShownAsPage = route !== NOT_FOUND_ROUTE && (route?.hasValidParams?.(params) ?? true);
    expect(isWebAppPage(pathname)).toBe(isShownAsPage);
  });

  it('keeps only the home view alive', () => {
    expect(APP_ROUTES.filter((route) => route.isKeptAlive).map((route) => route.path)).toEqual([
      '/',
      '/share/:share_id',
    ]);
  });

  it("formats document titles as 'Title · Paperbench'", () => {
    expect(documentTitleOf(NOT_FOUND_ROUTE)).toBe('Page Not Found · Paperbench');
  });
});
