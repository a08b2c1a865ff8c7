import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from '../api/page-view-beacon';
import { type TAdminAccess, useAdminAccess } from '../features/identity/api';
import { documentTitleOf, NOT_FOUND_ROUTE, type TAppRoute } from './route-table';

/**
 * The tab's title for a route; undefined while an admin-only route waits to learn whether the caller may see it:
 * to anyone else the title is the 404 page's, so the tab does not say what the page is (docs/deploy.md#the-admin-page).
 */
function titleFor(route: TAppRoute, access: TAdminAccess): string | undefined {
  if (!route.isAdminOnly || access === 'granted') return documentTitleOf(route);
  return access === 'denied' ? documentTitleOf(NOT_FOUND_ROUTE) : undefined;
}

/**
 * On every navigation: requirements §2 sets the document title from the route's title, then requirements §1 reports
 * the page view by beacon (after the title, which the beacon carries).
 */
export function useNavigationReporting(route: TAppRoute): void {
  const location = useLocation();
  const title = titleFor(route, useAdminAccess(route.isAdminOnly === true));
  // location.key: a navigation to the same URL is a navigation too, and is reported.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, not an input.
  useEffect(() => {
    if (title === undefined) return;
    document.title = title;
    sendPageView(location.pathname + location.search, title);
  }, [title, location.key, location.pathname, location.search]);
}
