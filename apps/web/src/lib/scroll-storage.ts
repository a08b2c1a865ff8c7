/** requirements §3: session storage holds scroll positions per path, under one key per path. */
const KEY_PREFIX = 'scroll:';

export function scrollStorageKey(path: string): string {
  return `${KEY_PREFIX}${path}`;
}

export function saveScrollPosition(path: string, y: number, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(scrollStorageKey(path), String(Math.max(0, Math.round(y))));
  } catch {
    // Storage full or disabled (private mode): scroll memory is a nicety, never an error.
  }
}

/** The saved position of a path, or null when none was saved. */
export function readScrollPosition(path: string, storage: Storage = sessionStorage): number | null {
  try {
    const raw = storage.getItem(scrollStorageKey(path));
    if (raw === null) return null;
    const y = Number(raw);
    return Number.isFinite(y) && y >= 0 ? y : null;
  } catch {
    return null;
  }
}
