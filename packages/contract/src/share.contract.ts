import { z } from 'zod';
import { c, ZError } from './common';
import {
  ZSharedList,
  ZShareId,
  ZShareImportRequest,
  ZShareImportResponse,
  ZShareRequest,
  ZShareResponse,
} from './share.schemas';

export const shareContract = c.router({
  create: {
    method: 'POST',
    path: '/api/share',
    body: ZShareRequest,
    // docs/security.md#rate-limits-and-quotas: 409 when the caller already has USER_SHARE_LIST_QUOTA share links.
    responses: { 201: ZShareResponse, 409: ZError },
    summary: 'Share a list of papers by link',
    description:
      'Every paper must exist and be visible to the caller; otherwise 404 naming the first missing one, and nothing is stored.',
  },
  get: {
    method: 'GET',
    path: '/api/share/:id',
    pathParams: z.object({ id: ZShareId }),
    responses: { 200: ZSharedList },
    summary:
      'The papers of a shared list (open to anyone with the link, requirements §6); uploads the caller may not read are withheld',
  },
  revoke: {
    method: 'DELETE',
    path: '/api/share/:id',
    pathParams: z.object({ id: ZShareId }),
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Revoke a share link: the link answers 404 from then on (only its creator; others get 404)',
    description:
      'docs/security.md#taking-things-back. Papers already imported from the link stay with whoever imported them.',
  },
  import: {
    method: 'POST',
    path: '/api/share/:id/import',
    pathParams: z.object({ id: ZShareId }),
    body: ZShareImportRequest,
    responses: { 200: ZShareImportResponse },
    summary: "Import a shared list into the caller's files (Replace or Merge)",
    description:
      "In one transaction: 'replace' clears the caller's files first; then every paper of the list the caller " +
      "does not hold joins the caller's first folder ('Untitled' when there is none). A link grants no " +
      'access: uploads on the list the caller may not read are left out and counted as withheld.',
  },
});
