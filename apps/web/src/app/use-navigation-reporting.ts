import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from '../api/page-view-beacon';
import { documentTitleOf, type TAppRoute } from './route-table';

/**
 * On every navigation: requirements §2 sets the document title from the route's title, then requirements §1 reports
 * the page view by beacon (after the title, which the beacon carries).
 */
export function useNavigationReporting(route: TAppRoute): void {
  const location = useLocation();
  // location.key: a navigation to the same URL is a navigation too, and is reported.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, not an input.
  useEffect(() => {
    document.title = documentTitleOf(route);
    sendPageView(location.pathname + location.search, document.title);
  }, [route, location.key, location.pathname, location.search]);
}
