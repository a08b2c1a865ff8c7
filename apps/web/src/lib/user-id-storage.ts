import { STORAGE_KEYS } from '@paperbench/contract';

/** requirements §1: the visitor's id lives in local storage under X-User-ID. Storage may be disabled. */
export function readStoredUserId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userId) || null;
  } catch {
    return null;
  }
}

export function storeUserId(userId: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.userId, userId);
  } catch {
    // Without storage the id lives only as long as the page; a new one is fetched next time.
  }
}

export function clearStoredUserId(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.userId);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
