import type { TShareImportRequest } from '@paperbench/contract';

/** Replace clears the user's files first; Merge keeps them. The server applies either (POST /api/share/{id}/import). */
export type TImportChoice = TShareImportRequest['mode'];

/**
 * spec §4 Shared-list import: with no files of their own the user merges at once (no question);
 * otherwise they choose Replace, Merge or Cancel.
 */
export function needsImportChoice(existingCount: number): boolean {
  return existingCount > 0;
}
