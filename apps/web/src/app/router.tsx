import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { APP_ROUTES } from './route-table';

/**
 * One child route per route-table entry. The routes carry only their table entry (as handle):
 * AppLayout's ScreenHost renders the screens itself, so it can keep the home view alive.
 */
export const appRouteObjects: RouteObject[] = [
  {
    Component: AppLayout,
    // element null: the route itself renders nothing; ScreenHost renders its screen.
    children: APP_ROUTES.map((route) => ({ path: route.path, handle: { route }, element: null })),
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRouteObjects);
}
