import type { Actor, Decision } from './decision';
import { decideFolder, type LoadedFolder } from './folder.policy';
import { decidePaperRead, type PaperResource } from './paper.policy';

/** The parts of a paper comment the rules look at: its author and the paper it is on. */
export interface PaperCommentResource {
  authorId: number;
  paper: PaperResource;
}

/** The parts of a shared-folder comment the rules look at: its author and the folder (with the actor's role). */
export interface FolderCommentResource {
  authorId: number;
  folder: LoadedFolder;
}

export const isCommentAuthor = (actor: Actor, comment: { authorId: number }) =>
  actor.userId !== null && actor.userId === comment.authorId;

/**
 * requirements §3 Paper comment: a comment is as visible as its paper (an upload's comments are private to its
 * readers); only its author deletes it. Anyone else who can read it is forbidden (403).
 */
export function decidePaperCommentDelete(actor: Actor, comment: PaperCommentResource): Decision {
  if (decidePaperRead(actor, comment.paper) === 'hidden') return 'hidden';
  return isCommentAuthor(actor, comment) ? 'allowed' : 'forbidden';
}

/**
 * requirements §3 Shared-folder comment: as visible as its folder (the folder rule's 'read'); deleted by its
 * author, or by whoever may moderate the folder (its owner: the folder rule's 'moderate').
 */
export function decideFolderCommentDelete(actor: Actor, comment: FolderCommentResource): Decision {
  const { folder } = comment;
  if (decideFolder(actor, folder, 'read', folder.membership) === 'hidden') return 'hidden';
  if (isCommentAuthor(actor, comment)) return 'allowed';
  return decideFolder(actor, folder, 'moderate', folder.membership);
}
