import type { Actor, Decision } from './decision';
import { decideFolder, type LoadedFolder } from './folder.policy';
import { decidePaperRead, type PaperResource } from './paper.policy';

/** The parts of a mark the rules look at: its author, its paper, and the folder it is shared with (if any). */
export interface AnnotationResource {
  authorId: number;
  paper: PaperResource;
  /** The shared folder the mark is shared with, with the actor's membership; null for a private mark. */
  folder: LoadedFolder | null;
}

/** `reply` is taking part in a shared mark's thread: replying, resolving and reopening it. */
export type AnnotationAction = 'read' | 'edit' | 'delete' | 'reply';

export const isAnnotationAuthor = (actor: Actor, mark: { authorId: number }) =>
  actor.userId !== null && actor.userId === mark.authorId;

/** Whether the folder shows the mark to the actor: while it is shared and the folder rule lets them read it. */
const folderShows = (actor: Actor, folder: LoadedFolder | null): folder is LoadedFolder =>
  folder?.isShared === true && decideFolder(actor, folder, 'read', folder.membership) === 'allowed';

/**
 * docs/annotations.md#sharing: a mark is never more visible than its paper. Its author does anything
 * with it. Anyone else sees it only through the shared folder it is shared with, by the folder's one
 * role table (any role reads, and anyone while the folder is public); of them only the folder's
 * owner may delete it (moderation) and nobody else edits it (403). A private mark is none of anyone
 * else's business, whatever folders hold the paper (404), and access ends when the role ends.
 */
export function decideAnnotation(actor: Actor, mark: AnnotationResource, action: AnnotationAction): Decision {
  if (decidePaperRead(actor, mark.paper) === 'hidden') return 'hidden';
  const isAuthor = isAnnotationAuthor(actor, mark);
  if (!isAuthor && !folderShows(actor, mark.folder)) return 'hidden';
  if (action === 'reply') return decideThread(actor, mark.folder);
  if (isAuthor || action === 'read') return 'allowed';
  // folderShows held above: a non-author sees the mark only through its folder.
  const folder = mark.folder as LoadedFolder;
  if (action === 'delete') return decideFolder(actor, folder, 'moderate', folder.membership);
  return 'forbidden';
}

/**
 * docs/annotations.md#threads: a shared mark's thread takes part by the folder's `comment` role (owner,
 * editors, commenters, the mark's author among them only while they hold one); viewers and visitors of a
 * public folder read it (403). A private mark has no thread (403 to its author).
 */
function decideThread(actor: Actor, folder: LoadedFolder | null): Decision {
  if (folder === null || !folder.isShared) return 'forbidden';
  return decideFolder(actor, folder, 'comment', folder.membership) === 'allowed' ? 'allowed' : 'forbidden';
}

/** A reply on a mark's thread, as the rules see it: its author and its mark. */
export interface AnnotationReplyResource {
  authorId: number;
  mark: AnnotationResource;
}

/** A reply is as visible as its mark; deleted by its author, or by the folder's owner (moderation). */
export function decideAnnotationReplyDelete(actor: Actor, reply: AnnotationReplyResource): Decision {
  if (decideAnnotation(actor, reply.mark, 'read') === 'hidden') return 'hidden';
  if (isAnnotationAuthor(actor, reply)) return 'allowed';
  const { folder } = reply.mark;
  return folder ? decideFolder(actor, folder, 'moderate', folder.membership) : 'forbidden';
}

/** conventions (Outline presentPolicies): what the web may offer on a mark the actor sees. */
export const annotationAbilities = (actor: Actor, mark: AnnotationResource) => ({
  edit: decideAnnotation(actor, mark, 'edit') === 'allowed',
  delete: decideAnnotation(actor, mark, 'delete') === 'allowed',
});
