import { Activity, Suspense } from 'react';
import { type Params, useLocation } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { useResolvedRoute } from './resolved-route';
import type { TAppRoute } from './route-table';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { useKeptAliveViews } from './use-kept-alive-views';

function ScreenSlot({ route, params }: { route: TAppRoute; params: Readonly<Params<string>> }) {
  const Screen = lazyScreen(route.load);
  return (
    <ScreenErrorBoundary resetKey={route.path}>
      <Suspense
        fallback={
          <p className="screen-loading" role="status">
            Loading…
          </p>
        }
      >
        <Screen params={params} title={route.title} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * Renders the current screen. requirements §2: only the home view is kept alive: its views (home and the
 * /share/{id} variants) stay mounted but hidden, so returning keeps the loaded list.
 */
export function ScreenHost() {
  const { route, params } = useResolvedRoute();
  const location = useLocation();
  const current = route.isKeptAlive ? { key: location.pathname, route, params } : null;
  const keptViews = useKeptAliveViews(current, location.key);
  return (
    <>
      {keptViews.map((view) => (
        <Activity key={view.key} mode={view.key === current?.key ? 'visible' : 'hidden'}>
          <ScreenSlot route={view.route} params={view.params} />
        </Activity>
      ))}
      {!current && <ScreenSlot key={route.path} route={route} params={params} />}
    </>
  );
}
