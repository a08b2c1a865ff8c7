import { c, ZOk } from './common';
import { ZPageViewBeacon, ZSiteMetric } from './metrics.schemas';

export const metricsContract = c.router({
  track: {
    method: 'POST',
    path: '/api/metrics/track',
    contentType: 'application/json',
    body: ZPageViewBeacon,
    responses: { 202: ZOk },
    summary: 'Record a page view (beacon)',
    description:
      'navigator.sendBeacon sends the JSON as text/plain; both text/plain and application/json are accepted.',
  },
  siteMetric: {
    method: 'GET',
    path: '/api/metrics/site-metric',
    responses: { 200: ZSiteMetric },
    summary: 'Total page views and the views of each of the last five days',
  },
});
