import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readScrollPosition, saveScrollPosition } from '../lib/scroll-storage';

/** How long a restore waits for late content (lazy chunks, data) to make the page tall enough. */
const RESTORE_WINDOW_MS = 2000;

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Scrolls to y, retrying each frame while the page is still too short, until the user takes over. */
function restoreScroll(y: number): () => void {
  const giveUpAt = performance.now() + RESTORE_WINDOW_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < giveUpAt) frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * requirements §2 Navigation: the scroll position is saved per path in session storage. Back/forward
 * restores it, and so does returning to a kept-alive view (its content is still there); any other
 * navigation scrolls to the top.
 */
export function useScrollMemory(isKeptAlive: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const path = location.pathname + location.search;
  const pathRef = useRef(path);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Saved on every scroll event rather than on leaving: by the time a navigation commits, the new
    // screen has already changed the page height and the old position may have been clamped.
    const onScroll = () => saveScrollPosition(pathRef.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key makes a repeat visit of the same URL scroll too.
  useLayoutEffect(() => {
    pathRef.current = path;
    const saved = readScrollPosition(path);
    if (saved !== null && (navigationType === 'POP' || isKeptAlive)) return restoreScroll(saved);
    window.scrollTo(0, 0);
    return undefined;
  }, [path, location.key, navigationType, isKeptAlive]);
}
