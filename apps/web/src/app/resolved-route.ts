import { type Params, useMatches } from 'react-router';
import { NOT_FOUND_ROUTE, type TAppRoute } from './route-table';

type TRouteHandle = { route: TAppRoute };

function isRouteHandle(handle: unknown): handle is TRouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route table entry being shown, with the 404 page standing in for params that fail their check. */
export function useResolvedRoute(): { route: TAppRoute; params: Readonly<Params<string>> } {
  const matches = useMatches();
  const match = matches[matches.length - 1];
  const route = match && isRouteHandle(match.handle) ? match.handle.route : NOT_FOUND_ROUTE;
  const params = match?.params ?? {};
  const isValid = route.hasValidParams?.(params) ?? true;
  return { route: isValid ? route : NOT_FOUND_ROUTE, params };
}
