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

export type AnnotationAction = 'read' | 'edit' | 'delete';

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
  if (isAnnotationAuthor(actor, mark)) return 'allowed';
  if (!folderShows(actor, mark.folder)) return 'hidden';
  if (action === 'read') return 'allowed';
  if (action === 'delete') return decideFolder(actor, mark.folder, 'moderate', mark.folder.membership);
  return 'forbidden';
}

/** conventions (Outline presentPolicies): what the web may offer on a mark the actor sees. */
export const annotationAbilities = (actor: Actor, mark: AnnotationResource) => ({
  edit: decideAnnotation(actor, mark, 'edit') === 'allowed',
  delete: decideAnnotation(actor, mark, 'delete') === 'allowed',
});
