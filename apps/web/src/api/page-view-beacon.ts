import type { TPageViewBeacon } from '@paperbench/contract';
import { readStoredUserId } from '../lib/user-id-storage';

const TRACK_URL = '/api/metrics/track';

/**
 * requirements §1 / §7: page views are reported by navigator.sendBeacon with a JSON text body, so the
 * report survives the page unloading and never delays navigation. uid is 'anon' without an id.
 */
export function sendPageView(path: string, title: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const beacon: TPageViewBeacon = {
    event: 'page_view',
    path,
    title,
    ts: Date.now(),
    uid: readStoredUserId() ?? 'anon',
  };
  try {
    navigator.sendBeacon(TRACK_URL, JSON.stringify(beacon));
  } catch (error) {
    console.error('Page-view beacon failed:', error);
  }
}
