import { z } from 'zod';
import { c, ZError, ZFolderId, ZOk } from './common';
import {
  ZCreateForumRequest,
  ZForumMode,
  ZForumPermission,
  ZForumUserRequest,
  ZRemoveForumUserRequest,
  ZSharedFolder,
} from './forum.schemas';

/** {id} is the shared folder's folder id. */
const ZForumParams = z.object({ id: ZFolderId });

export const forumContract = c.router({
  create: {
    method: 'POST',
    path: '/api/forum/',
    body: ZCreateForumRequest,
    responses: { 200: ZSharedFolder, 201: ZSharedFolder },
    summary: 'Share one of your folders, public or private',
    description: '201 when newly shared; 200 when it was already shared (its mode is set to is_public).',
  },
  list: {
    method: 'GET',
    path: '/api/forum/',
    responses: { 200: z.array(ZSharedFolder) },
    summary: 'Shared folders the caller owns, is a member of, or (public ones) has opened',
  },
  get: {
    method: 'GET',
    path: '/api/forum/:id',
    pathParams: ZForumParams,
    responses: { 200: ZSharedFolder },
    summary: "One shared folder: its name, mode, the caller's abilities, and its members for those who manage it",
    description:
      'Anyone may open a public shared folder (signed in or not) and read its papers and comments; editing and ' +
      "commenting still need a member's role. A private one is 404 to everyone but its owner and members.",
  },
  remove: {
    method: 'DELETE',
    path: '/api/forum/:id',
    pathParams: ZForumParams,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Stop sharing a folder (the folder and its files stay)',
  },
  permission: {
    method: 'GET',
    path: '/api/forum/:id/permission',
    pathParams: ZForumParams,
    responses: { 200: ZForumPermission },
    summary: "The caller's role and abilities in a shared folder",
    description: 'A stranger to a public folder gets role null and view only; a private folder is 404 to strangers.',
  },
  getMode: {
    method: 'GET',
    path: '/api/forum/:id/mode',
    pathParams: ZForumParams,
    responses: { 200: ZForumMode },
    summary: 'Whether a shared folder is public',
  },
  setMode: {
    method: 'PATCH',
    path: '/api/forum/:id/mode',
    pathParams: ZForumParams,
    body: ZForumMode,
    responses: { 200: ZForumMode },
    summary: 'Make a shared folder public or private',
  },
  addUser: {
    method: 'POST',
    path: '/api/forum/:id/add_user',
    pathParams: ZForumParams,
    body: ZForumUserRequest,
    responses: { 201: ZSharedFolder, 409: ZError },
    summary: 'Give a user (by email) a role on a shared folder',
    description: '409 CONFLICT when the email already has a role there; change it with update_user_role.',
  },
  updateUserRole: {
    method: 'PATCH',
    path: '/api/forum/:id/update_user_role',
    pathParams: ZForumParams,
    body: ZForumUserRequest,
    responses: { 200: ZSharedFolder },
    summary: "Change a user's role on a shared folder",
  },
  removeUser: {
    method: 'DELETE',
    path: '/api/forum/:id/remove_user',
    pathParams: ZForumParams,
    body: ZRemoveForumUserRequest,
    responses: { 200: ZSharedFolder },
    summary: "Remove a user's access to a shared folder",
  },
});
