import { useState } from 'react';
import type { Params } from 'react-router';
import { rememberView, type TRemembered } from '../lib/recent-views';
import type { TAppRoute } from './route-table';

export type TKeptView = { key: string; route: TAppRoute; params: Readonly<Params<string>> };

type TCache = {
  views: TRemembered<TKeptView>[];
  /** The navigation last seen, and the kept view it showed (null: a screen that is not kept alive). */
  locationKey: string | null;
  shownKey: string | null;
};

/**
 * requirements §2: the cache of kept-alive views (up to 5, keyed by location path). `current` is the view
 * being shown now, or null when a screen that is not kept alive is shown.
 */
export function useKeptAliveViews(current: TKeptView | null, locationKey: string): TRemembered<TKeptView>[] {
  const [cache, setCache] = useState<TCache>({ views: [], locationKey: null, shownKey: null });
  const shownKey = current?.key ?? null;
  if (cache.locationKey === locationKey && cache.shownKey === shownKey) return cache.views;
  // Derived during render (not in an effect) so a returning view is visible in the same commit.
  const views = current ? rememberView(cache.views, current) : cache.views;
  setCache({ views, locationKey, shownKey });
  return views;
}
