/** requirements §5 Paper count display: a locale-grouped number, or '**' if it is not a number. */
export function formatPaperCount(count: unknown, locale?: string): string {
  if (typeof count !== 'number' || !Number.isFinite(count)) return '**';
  return count.toLocaleString(locale);
}

/**
 * The home search placeholder (requirements §2). Until the count has loaded, or when it failed (requirements §8),
 * the generic 'Search papers...'.
 */
export function searchPlaceholder(isCountLoaded: boolean, count: unknown, locale?: string): string {
  if (!isCountLoaded) return 'Search papers...';
  return `Search ${formatPaperCount(count, locale)} papers from all fields of science.`;
}

/** requirements §2 site metric: the total as a locale-grouped number, or a dash until loaded. */
export function formatPageViews(total: number | undefined, locale?: string): string {
  return total === undefined ? '–' : total.toLocaleString(locale);
}
