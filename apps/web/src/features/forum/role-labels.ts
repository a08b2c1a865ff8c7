import type { TAssignableRole, TForumRole } from '@paperbench/contract';

/** How each role on a shared folder reads (architecture.md: owner, editor, commenter, viewer). */
export const ROLE_LABELS: Record<TForumRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  commenter: 'Commenter',
  viewer: 'Viewer',
};

/** The roles that can be given by email, strongest first. */
export const ASSIGNABLE_ROLES: readonly TAssignableRole[] = ['editor', 'commenter', 'viewer'];

export const ROLE_HINTS: Record<TAssignableRole, string> = {
  editor: 'adds and removes papers, comments',
  commenter: 'reads and comments',
  viewer: 'reads only',
};
