import { z } from 'zod';

/** spec §3 Page-view beacon, sent by navigator.sendBeacon as a JSON text body. */
export const ZPageViewBeacon = z.object({
  event: z.string().trim().min(1).max(64),
  path: z.string().max(2048),
  title: z.string().max(512).default(''),
  /** Client clock, milliseconds since the epoch. The server stores its own receive time too. */
  ts: z.number().int().nonnegative(),
  /** The sender's user id, or 'anon' if it has none. */
  uid: z.string().max(64).default('anon'),
});
export type TPageViewBeacon = z.infer<typeof ZPageViewBeacon>;

/** spec §3 Site metric response. */
export const ZSiteMetric = z.object({
  /** All page views ever recorded. */
  total: z.number().int().nonnegative(),
  /** Views on each of the last five days (UTC), oldest first, today last; zeros included. */
  last5: z.array(z.number().int().nonnegative()).length(5),
});
export type TSiteMetric = z.infer<typeof ZSiteMetric>;
