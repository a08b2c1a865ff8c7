import type { TSearchRequest, TSearchResponse } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { presentPaper } from '../papers/paper.presenter';
import { searchPapers } from './search.repo';

export async function search(db: Db, request: TSearchRequest): Promise<TSearchResponse> {
  const { rows, total } = await searchPapers(db, request);
  return {
    query: request.query,
    sort: request.sort,
    total,
    results: rows.map((row) => ({ ...presentPaper(row), score: Number(row.score) })),
    // Summaries are written by POST /api/search-summary/, never inside search itself.
    summary: null,
  };
}
