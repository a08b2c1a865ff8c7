import type { TForumMember, TForumPermission, TSharedFolder } from '@paperbench/contract';
import type { Actor } from '../../policies/decision';
import { computeForumAbilities, type FolderMembership, resolveRole } from '../../policies/folder.policy';
import type { ForumRow, MemberRow } from './forum.repo';

/** What a forum response needs beside its row: the caller, their membership, the members and the file count. */
export interface ForumFacts {
  actor: Actor;
  membership?: FolderMembership;
  /** The folder's members; shown only to those who may manage it. */
  members: readonly MemberRow[];
  fileCount: number;
}

/** The caller's role and abilities, from the folder rule that requireAccess enforces. */
export function presentPermission(row: ForumRow, { actor, membership }: Pick<ForumFacts, 'actor' | 'membership'>) {
  const permission: TForumPermission = {
    folder_id: row.id,
    role: resolveRole(actor, row, membership),
    is_public: row.isPublic,
    abilities: computeForumAbilities(actor, row, membership),
  };
  return permission;
}

/**
 * Row → requirements §3 Shared folder. Members are named by email (never a user id), and listed only to those
 * who manage the folder: the owner first (when signed in, so with an email), then the members.
 */
export function presentSharedFolder(row: ForumRow, facts: ForumFacts): TSharedFolder {
  const { role, abilities } = presentPermission(row, facts);
  const owner: TForumMember[] =
    row.ownerEmail === null ? [] : [{ email: row.ownerEmail, role: 'owner', name: row.ownerName }];
  const members = facts.members.map(
    (member): TForumMember => ({
      email: member.email,
      role: member.role,
      name: member.name,
    }),
  );
  return {
    folder_id: row.id,
    name: row.name,
    is_public: row.isPublic,
    users: abilities.manage ? [...owner, ...members] : [],
    owner_name: row.ownerName,
    role,
    file_count: facts.fileCount,
    abilities,
    created_at: row.createdAt.toISOString(),
  };
}
