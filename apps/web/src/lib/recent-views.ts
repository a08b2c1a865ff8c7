/** requirements §9: the number of kept-alive views. */
export const MAX_KEPT_VIEWS = 5;

export type TRemembered<T> = T & { shownAt: number };

/**
 * Remembers `view` as the most recently shown one and keeps at most `max` views, dropping the least
 * recently shown first. The list keeps first-shown order, so React never moves the views' DOM nodes.
 */
export function rememberView<T extends { key: string }>(
  views: readonly TRemembered<T>[],
  view: T,
  max = MAX_KEPT_VIEWS,
): TRemembered<T>[] {
  const shownAt = Math.max(0, ...views.map((v) => v.shownAt)) + 1;
  const isKnown = views.some((v) => v.key === view.key);
  const updated = isKnown
    ? views.map((v) => (v.key === view.key ? { ...view, shownAt } : v))
    : [...views, { ...view, shownAt }];
  if (updated.length <= max) return updated;
  const leastRecent = updated.reduce((a, b) => (b.shownAt < a.shownAt ? b : a));
  return updated.filter((v) => v !== leastRecent);
}
