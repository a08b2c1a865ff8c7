import type { TFolderAbilities, TForumAbilities } from '@paperbench/contract';
import type { Actor, Decision } from './decision';

/** The parts of a folder the rules look at. */
export interface FolderResource {
  ownerId: number;
  /** Shared as a forum (requirements §3 Shared folder): only then do memberships and the public mode count. */
  isShared: boolean;
  /** A public shared folder may be viewed by anyone with its link, signed in or not. */
  isPublic: boolean;
}

/**
 * architecture: shared-folder access goes through a role table (owner, editor, commenter, viewer).
 * The owner is the folder's owner; the other roles come from a membership granted to the actor's email.
 */
export type FolderRole = 'owner' | 'editor' | 'commenter' | 'viewer';

export interface FolderMembership {
  role: Exclude<FolderRole, 'owner'>;
}

/**
 * What can be done to a folder; `selectFile` is the chat-context flag its files carry (requirements §4
 * Selection); `manage` is the forum's mode and members; `moderate` deletes others' comments.
 */
export type FolderAction =
  | 'read'
  | 'rename'
  | 'share'
  | 'delete'
  | 'comment'
  | 'addFile'
  | 'removeFile'
  | 'selectFile'
  | 'manage'
  | 'moderate';

/**
 * The one table: requireAccess decides with it and folder and forum responses present it as
 * abilities. Sharing, managing and deleting stay with the owner: they change who sees the folder.
 */
const ROLES_BY_ACTION: Record<FolderAction, readonly FolderRole[]> = {
  read: ['owner', 'editor', 'commenter', 'viewer'],
  rename: ['owner', 'editor'],
  share: ['owner'],
  delete: ['owner'],
  comment: ['owner', 'editor', 'commenter'],
  addFile: ['owner', 'editor'],
  removeFile: ['owner', 'editor'],
  selectFile: ['owner', 'editor'],
  manage: ['owner'],
  moderate: ['owner'],
};

/** The member roles (owner aside) that allow an action: the SQL scopes read the same table (folder-scope.repo.ts). */
export const memberRolesFor = (action: FolderAction): FolderMembership['role'][] =>
  ROLES_BY_ACTION[action].filter((role): role is FolderMembership['role'] => role !== 'owner');

export const isOwner = (actor: Actor, folder: FolderResource) => actor.userId === folder.ownerId;

/** The actor's role on the folder, or null for a stranger. A membership counts only while the folder is shared. */
export function resolveRole(actor: Actor, folder: FolderResource, membership?: FolderMembership): FolderRole | null {
  if (isOwner(actor, folder)) return 'owner';
  return folder.isShared ? (membership?.role ?? null) : null;
}

/**
 * A stranger's folder is hidden (404), except a public shared folder: a stranger (signed in or not)
 * may read it, and is forbidden (403) anything else, so it is a read-only page for them. A role that
 * lacks the action is forbidden (403).
 */
export function decideFolder(
  actor: Actor,
  folder: FolderResource,
  action: FolderAction,
  membership?: FolderMembership,
): Decision {
  const role = resolveRole(actor, folder, membership);
  if (role === null) {
    if (!(folder.isShared && folder.isPublic)) return 'hidden';
    return action === 'read' ? 'allowed' : 'forbidden';
  }
  return ROLES_BY_ACTION[action].includes(role) ? 'allowed' : 'forbidden';
}

const can = (actor: Actor, folder: FolderResource, action: FolderAction, membership?: FolderMembership) =>
  decideFolder(actor, folder, action, membership) === 'allowed';

/** conventions (Outline presentPolicies): responses carry abilities so the web app need not repeat the rules. */
export function computeAbilities(
  actor: Actor,
  folder: FolderResource,
  membership?: FolderMembership,
): TFolderAbilities {
  return {
    rename: can(actor, folder, 'rename', membership),
    share: can(actor, folder, 'share', membership),
    delete: can(actor, folder, 'delete', membership),
    comment: can(actor, folder, 'comment', membership),
  };
}

/**
 * A shared folder's abilities (forum responses): the same decisions requireAccess enforces for the
 * forum and folder-file routes (view: 'read'; comment; edit: add and remove papers; manage: mode,
 * members and unsharing).
 */
export function computeForumAbilities(
  actor: Actor,
  folder: FolderResource,
  membership?: FolderMembership,
): TForumAbilities {
  return {
    view: can(actor, folder, 'read', membership),
    comment: can(actor, folder, 'comment', membership),
    edit: can(actor, folder, 'addFile', membership) && can(actor, folder, 'removeFile', membership),
    manage: can(actor, folder, 'manage', membership),
  };
}

export const canRename = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  can(actor, folder, 'rename', membership);
export const canShare = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  can(actor, folder, 'share', membership);
export const canDelete = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  can(actor, folder, 'delete', membership);
export const canComment = (actor: Actor, folder: FolderResource, membership?: FolderMembership) =>
  can(actor, folder, 'comment', membership);

/** A folder as requireAccess loads it: the rule's facts and the actor's membership, if any. */
export interface LoadedFolder extends FolderResource {
  id: number;
  membership?: FolderMembership;
}

/**
 * A paper in the actor's File List (the chat group's files: requirements §7 Chat) sits in one or more of
 * the folders the actor can reach; an action on it (select, remove) needs the folder action in at
 * least one of them. Held in none: hidden, as for a paper the actor never had.
 */
export function decideHeldFile(actor: Actor, holders: readonly LoadedFolder[], action: FolderAction): Decision {
  const decisions = holders.map((folder) => decideFolder(actor, folder, action, folder.membership));
  if (decisions.includes('allowed')) return 'allowed';
  return decisions.includes('forbidden') ? 'forbidden' : 'hidden';
}
