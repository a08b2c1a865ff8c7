import type { TPaper } from '@paperbench/contract';

/** requirements §4: searching goes to /search?q={query}. */
export function searchPath(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}

/** In-app path of the paper detail screen (requirements §2: /paper/{id}/{platform?}). */
export function paperDetailPath(paper: Pick<TPaper, 'paper_id' | 'platform'>): string {
  // Old-style arXiv ids contain a slash (math/0601001): keep them in one path segment.
  return `/paper/${encodeURIComponent(paper.paper_id)}/${encodeURIComponent(paper.platform)}`;
}

/** In-app path of a shared folder (requirements §2: /rwf/{folderId}). */
export function sharedFolderPath(folderId: number): string {
  return `/rwf/${folderId}`;
}

/** The absolute link to a shared folder, to copy and send (requirements §2 /rwf/{folderId}). */
export function sharedFolderLink(folderId: number, origin: string = window.location.origin): string {
  return `${origin}${sharedFolderPath(folderId)}`;
}
