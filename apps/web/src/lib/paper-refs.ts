import type { TFolder, TPaperRef } from '@paperbench/contract';

/** Papers are keyed by (platform, paper_id). */
export function refKey(ref: TPaperRef): string {
  return `${ref.platform}:${ref.paper_id}`;
}

/** The user's files: distinct papers across all folders (a paper may sit in several). */
export function distinctFiles(folders: readonly TFolder[]): TPaperRef[] {
  const seen = new Map<string, TPaperRef>();
  for (const folder of folders) {
    for (const file of folder.files) {
      const key = refKey(file);
      if (!seen.has(key)) seen.set(key, { paper_id: file.paper_id, platform: file.platform });
    }
  }
  return [...seen.values()];
}
