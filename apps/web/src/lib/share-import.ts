import type { TPaperRef } from '@paperbench/contract';
import { refKey } from './paper-refs';

export type TImportChoice = 'replace' | 'merge';
export type TImportPlan = { clearFirst: boolean; attach: TPaperRef[] };

/**
 * spec §4 Shared-list import: with no files of their own the user merges at once (no question);
 * otherwise they choose Replace, Merge or Cancel.
 */
export function needsImportChoice(existingCount: number): boolean {
  return existingCount > 0;
}

/**
 * Replace clears the user's files, then attaches every shared paper; Merge attaches only the papers
 * not already present. Shared duplicates are attached once.
 */
export function planImport(
  choice: TImportChoice,
  existing: readonly TPaperRef[],
  shared: readonly TPaperRef[],
): TImportPlan {
  const present = new Set(choice === 'replace' ? [] : existing.map(refKey));
  const attach: TPaperRef[] = [];
  for (const ref of shared) {
    const key = refKey(ref);
    if (present.has(key)) continue;
    present.add(key);
    attach.push({ paper_id: ref.paper_id, platform: ref.platform });
  }
  return { clearFirst: choice === 'replace', attach };
}
