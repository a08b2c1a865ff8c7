import { z } from 'zod';
import { c } from './common';
import { ZSharedList, ZShareId, ZShareRequest, ZShareResponse } from './share.schemas';

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
});
