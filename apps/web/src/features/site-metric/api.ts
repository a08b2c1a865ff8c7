import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/** The site metric (requirements §7 Identity and metrics): its query key and query. */
export const metricKeys = {
  all: ['metrics'] as const,
  site: () => [...metricKeys.all, 'site'] as const,
};

export const siteMetricQuery = () =>
  queryOptions({
    queryKey: metricKeys.site(),
    queryFn: async () => expectStatus(await apiClient.metrics.siteMetric(), 200).body,
  });

/** GET /api/metrics/site-metric: {total, last5}. */
export function useSiteMetricQuery() {
  return useQuery(siteMetricQuery());
}
