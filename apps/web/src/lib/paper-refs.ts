import { paperRefKey, type TFolder, type TFolderFile, type TPaperRef } from '@paperbench/contract';

/**
 * The user's files: distinct papers across all folders (a paper may sit in several). Files no longer
 * shared with the user (`unavailable`) still count as rows of the list unless left out.
 */
export function distinctFiles(
  folders: readonly TFolder[],
  { includeUnavailable = true }: { includeUnavailable?: boolean } = {},
): TPaperRef[] {
  const seen = new Map<string, TPaperRef>();
  for (const folder of folders) {
    for (const file of folder.files) {
      if (file.unavailable && !includeUnavailable) continue;
      const key = paperRefKey(file);
      if (!seen.has(key)) seen.set(key, { paper_id: file.paper_id, platform: file.platform });
    }
  }
  return [...seen.values()];
}

/** Whether a file is part of the chat context: selected, and still readable (an unavailable one never is). */
export function isChatContext(file: Pick<TFolderFile, 'selected' | 'unavailable'>): boolean {
  return file.selected && !file.unavailable;
}
