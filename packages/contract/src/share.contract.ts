import { z } from 'zod';
import { c } from './common';
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
    responses: { 201: ZShareResponse },
    summary: 'Share a list of papers by link',
    description:
      'Every paper must exist and be visible to the caller; otherwise 404 naming the first missing one, and nothing is stored.',
  },
  get: {
    method: 'GET',
    path: '/api/share/:id',
    pathParams: z.object({ id: ZShareId }),
    responses: { 200: ZSharedList },
    summary: 'The papers of a shared list (open to anyone with the link, spec §6)',
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
      "does not hold joins the caller's first folder ('Untitled' when there is none). The link grants the " +
      'right to import: uploaded papers on the list are attached without the visibility check of attach_paper.',
  },
});
