/** requirements §9: the metric chart's y-axis step is max / 3 rounded up (at least 1, so zeros still draw). */
export function metricStepSize(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  return Math.max(1, Math.ceil(max / 3));
}

const LABEL_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Labels of the five daily points, oldest first, today (UTC, as the server counts) last. */
export function lastFiveDayLabels(now: Date = new Date()): string[] {
  const dayMs = 24 * 60 * 60 * 1000;
  return [4, 3, 2, 1, 0].map((daysAgo) => LABEL_FORMAT.format(new Date(now.getTime() - daysAgo * dayMs)));
}
