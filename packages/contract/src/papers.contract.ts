import { z } from 'zod';
import { c, ZOk, ZPaperId, ZPlatformQuery } from './common';
import { ZPaper, ZPaperListQuery } from './paper.schemas';

export const papersContract = c.router({
  list: {
    method: 'GET',
    path: '/api/papers',
    query: ZPaperListQuery,
    responses: { 200: z.array(ZPaper) },
    summary: 'Recent papers, newest first',
  },
  count: {
    method: 'GET',
    path: '/api/papers/count',
    responses: { 200: z.number().int().nonnegative() },
    summary: 'Number of papers in the corpus',
  },
  click: {
    method: 'POST',
    path: '/api/papers/click/:id',
    pathParams: z.object({ id: ZPaperId }),
    query: ZPlatformQuery,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Record that a paper was opened (PDF or Details)',
  },
});
