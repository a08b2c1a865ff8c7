/*
 * docs/reading.md#themes: the app's light or dark palette (styles/tokens.css). The user's choice is kept in
 * localStorage; with none, the system's preference decides. public/theme-boot.js applies the same rule
 * before the first paint, under the same key.
 */
export type TTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'paperbench.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The user's own choice, or null while they have not picked one. */
export function readStoredTheme(storage: Storage = localStorage): TTheme | null {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

export function storeTheme(theme: TTheme, storage: Storage = localStorage): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage disabled (private mode): the choice lasts this page only.
  }
}

/** The stored choice, else the system's preference. */
export function resolveTheme(stored: TTheme | null, prefersDark: boolean): TTheme {
  return stored ?? (prefersDark ? 'dark' : 'light');
}

export const systemPrefersDark = (): boolean => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

export function applyTheme(theme: TTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

/** Follows the system's preference while the user has not picked a theme; returns the unsubscribe. */
export function onSystemThemeChange(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
