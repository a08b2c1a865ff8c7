import { paperRefKey, type TFolder } from '@paperbench/contract';

/** Names shown in full on a card before the rest is counted ("In: A, B" but "In: A +2"). */
export const MAX_SHOWN_FOLDER_NAMES = 2;

const EMPTY: readonly string[] = Object.freeze([]);

/** The names of the folders holding each paper (by paperRefKey), in folder order (a paper sits once in a folder). */
export function folderNamesByRef(folders: readonly TFolder[]): ReadonlyMap<string, readonly string[]> {
  const byRef = new Map<string, string[]>();
  for (const folder of folders) {
    for (const file of folder.files) {
      const key = paperRefKey(file);
      const names = byRef.get(key);
      if (names) names.push(folder.name);
      else byRef.set(key, [folder.name]);
    }
  }
  return byRef;
}

// One map per folders list the cache holds: every card looks its paper up in it (a card per result,
// up to 1,000 on a search page) instead of walking the folders itself.
const mapsByList = new WeakMap<readonly TFolder[], ReadonlyMap<string, readonly string[]>>();

/** folderNamesByRef, built once per folders list (the query's data is replaced, never mutated). */
export function folderNamesOf(folders: readonly TFolder[], key: string): readonly string[] {
  let byRef = mapsByList.get(folders);
  if (!byRef) {
    byRef = folderNamesByRef(folders);
    mapsByList.set(folders, byRef);
  }
  return byRef.get(key) ?? EMPTY;
}

export type TFolderMembership = {
  /** What the card shows: 'In: GNN reading, Thesis' or 'In: GNN reading +2'. */
  shown: string;
  /** What a screen reader reads, and the tooltip: every folder by name. */
  spoken: string;
};

/** The card's line for a paper in the user's folders; null when it is in none. */
export function describeFolderMembership(names: readonly string[]): TFolderMembership | null {
  if (names.length === 0) return null;
  const spoken = `In your folders: ${names.join(', ')}`;
  if (names.length <= MAX_SHOWN_FOLDER_NAMES) return { shown: `In: ${names.join(', ')}`, spoken };
  return { shown: `In: ${names[0]} +${names.length - 1}`, spoken };
}
