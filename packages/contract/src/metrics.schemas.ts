import { z } from 'zod';
import { ZEpochMillis, zText } from './common';

/** requirements §3 Page-view beacon, sent by navigator.sendBeacon as a JSON text body. */
export const ZPageViewBeacon = z.object({
  event: zText().trim().min(1).max(64),
  path: zText().max(2048),
  title: zText().max(512).default(''),
  /** Client clock, milliseconds since the epoch. The server stores its own receive time too. */
  ts: ZEpochMillis,
  /** The sender's user id, or 'anon' if it has none. */
  uid: zText().max(64).default('anon'),
});
export type TPageViewBeacon = z.infer<typeof ZPageViewBeacon>;

/** requirements §3 Site metric response. */
export const ZSiteMetric = z.object({
  /** All page views ever recorded. */
  total: z.number().int().nonnegative(),
  /** Views on each of the last five days (UTC), oldest first, today last; zeros included. */
  last5: z.array(z.number().int().nonnegative()).length(5),
});
export type TSiteMetric = z.infer<typeof ZSiteMetric>;
