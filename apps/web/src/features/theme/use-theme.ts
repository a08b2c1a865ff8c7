import { useSyncExternalStore } from 'react';
import {
  applyTheme,
  onSystemThemeChange,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  systemPrefersDark,
  type TTheme,
} from '../../lib/theme';

// One theme for the whole app: the header's toggle sets it, the PDF viewer's 'Dark pages' follows it.
const listeners = new Set<() => void>();
const currentTheme = (): TTheme => resolveTheme(readStoredTheme(), systemPrefersDark());

function notify() {
  applyTheme(currentTheme());
  for (const listener of listeners) listener();
}

let stopFollowingSystem: (() => void) | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  stopFollowingSystem ??= onSystemThemeChange(notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopFollowingSystem?.();
      stopFollowingSystem = null;
    }
  };
}

/** The app's theme (docs/reading.md#themes) and a setter that keeps the user's choice. */
export function useTheme(): [TTheme, (theme: TTheme) => void] {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const setTheme = (next: TTheme) => {
    storeTheme(next);
    notify();
  };
  return [theme, setTheme];
}
