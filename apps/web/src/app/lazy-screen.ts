import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { TScreenModule, TScreenProps } from './screen-props';

type TLazyScreen = LazyExoticComponent<ComponentType<TScreenProps>>;

/** The event a failed lazy page emits (requirements §8); a listener that handles it calls preventDefault(). */
export const PRELOAD_ERROR_EVENT = 'preload-error';

/** Resolves never: the page is being replaced by whoever handled the failure (e.g. a reload). */
const settlesNever = new Promise<never>(() => {});

const screens = new WeakMap<() => Promise<TScreenModule>, TLazyScreen>();

/**
 * One React.lazy component per screen loader (so '/' and '/share/:id' share the home chunk).
 * requirements §8: a page whose chunk fails to load emits 'preload-error' and rethrows if unhandled.
 */
export function lazyScreen(load: () => Promise<TScreenModule>): TLazyScreen {
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(() =>
      load().catch((error: unknown) => {
        const event = new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error, cancelable: true });
        const isHandled = !window.dispatchEvent(event);
        if (isHandled) return settlesNever;
        throw error;
      }),
    );
    screens.set(load, screen);
  }
  return screen;
}
