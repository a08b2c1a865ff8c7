import { z } from 'zod';
import { ZEmail, ZFolderId, ZTimestamp, zText } from './common';

/** Roles on a shared folder, strongest first (architecture.md). */
export const FORUM_ROLES = ['owner', 'editor', 'commenter', 'viewer'] as const;
export const ZForumRole = z.enum(FORUM_ROLES);
export type TForumRole = z.infer<typeof ZForumRole>;

/** Roles that can be given by email; ownership is not transferable this way. */
export const ZAssignableRole = z.enum(['editor', 'commenter', 'viewer']);
export type TAssignableRole = z.infer<typeof ZAssignableRole>;

/** One per-user entry of a shared folder. Identified by email only: never another user's id. */
export const ZForumMember = z.object({
  email: zText(),
  role: ZForumRole,
  /** Display name when the member has signed in, else null. */
  name: zText().nullable().optional(),
});
export type TForumMember = z.infer<typeof ZForumMember>;

/** What the caller may do in a shared folder; computed by the server's policies. */
export const ZForumAbilities = z.object({
  view: z.boolean(),
  comment: z.boolean(),
  /** Add and remove papers. */
  edit: z.boolean(),
  /** Change the mode, add/remove users, change roles, unshare. */
  manage: z.boolean(),
});
export type TForumAbilities = z.infer<typeof ZForumAbilities>;

/** requirements §3 Shared folder (forum). A forum is addressed by its folder's id. */
export const ZSharedFolder = z.object({
  folder_id: ZFolderId,
  /** The folder's name, so /rwf/{folderId} can title the page. */
  name: zText(),
  /** Public: anyone with the link may view (papers and comments), read-only; private: only the listed users. */
  is_public: z.boolean(),
  /** The owner first, then the members. Listed only to those who may manage the folder; empty for others. */
  users: z.array(ZForumMember),
  /** The owner's display name (never their email or id), for "shared by …". */
  owner_name: zText().nullable().optional(),
  /** The caller's role, or null for a visitor of a public folder. */
  role: ZForumRole.nullable().optional(),
  file_count: z.number().int().nonnegative().optional(),
  abilities: ZForumAbilities.optional(),
  created_at: ZTimestamp.optional(),
});
export type TSharedFolder = z.infer<typeof ZSharedFolder>;

export const ZCreateForumRequest = z.object({
  folder_id: ZFolderId,
  is_public: z.boolean(),
});
export type TCreateForumRequest = z.infer<typeof ZCreateForumRequest>;

/** GET /api/forum/{id}/permission: the caller's role (null when none) and abilities. */
export const ZForumPermission = z.object({
  folder_id: ZFolderId,
  role: ZForumRole.nullable(),
  is_public: z.boolean(),
  abilities: ZForumAbilities,
});
export type TForumPermission = z.infer<typeof ZForumPermission>;

/** GET and PATCH /api/forum/{id}/mode. */
export const ZForumMode = z.object({ is_public: z.boolean() });
export type TForumMode = z.infer<typeof ZForumMode>;

export const ZForumUserRequest = z.object({ email: ZEmail, role: ZAssignableRole });
export type TForumUserRequest = z.infer<typeof ZForumUserRequest>;

export const ZRemoveForumUserRequest = z.object({ email: ZEmail });
export type TRemoveForumUserRequest = z.infer<typeof ZRemoveForumUserRequest>;
