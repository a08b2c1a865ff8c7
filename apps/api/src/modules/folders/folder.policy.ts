import type { TFolderAbilities } from '@paperbench/contract';

/** Who is asking. */
export interface Actor {
  userId: number;
}

/** The parts of a folder the rules look at. */
export interface FolderResource {
  ownerId: number;
}

/**
 * architecture: shared-folder access goes through a role table (owner, editor, commenter, viewer).
 * Only 'owner' arises until the forum issue lands; a membership then supplies the other roles.
 */
export type FolderRole = 'owner' | 'editor' | 'commenter' | 'viewer';

export interface FolderMembership {
  role: Exclude<FolderRole, 'owner'>;
}

const NONE: TFolderAbilities = { rename: false, share: false, delete: false, comment: false };

/** What each role may do. Sharing and deleting stay with the owner: they change who sees the folder. */
const ABILITIES_BY_ROLE: Record<FolderRole, TFolderAbilities> = {
  owner: { rename: true, share: true, delete: true, comment: true },
  editor: { rename: true, share: false, delete: false, comment: true },
  commenter: { rename: false, share: false, delete: false, comment: true },
  viewer: NONE,
};

export const isOwner = (actor: Actor, folder: FolderResource) => actor.userId === folder.ownerId;

/** The actor's role on the folder, or null for a stranger (who gets 404 from the scoped queries). */
export function resolveRole(actor: Actor, folder: FolderResource, membership?: FolderMembership): FolderRole | null {
  if (isOwner(actor, folder)) return 'owner';
  return membership?.role ?? null;
}

/** conventions (Outline presentPolicies): responses carry abilities so the web app need not repeat the rules. */
export function computeAbilities(
  actor: Actor,
  folder: FolderResource,
  membership?: FolderMembership,
): TFolderAbilities {
  const role = resolveRole(actor, folder, membership);
  return role === null ? NONE : ABILITIES_BY_ROLE[role];
}

export const canRename = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  computeAbilities(actor, folder, membership).rename;
export const canShare = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  computeAbilities(actor, folder, membership).share;
export const canDelete = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  computeAbilities(actor, folder, membership).delete;
export const canComment = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  computeAbilities(actor, folder, membership).comment;
