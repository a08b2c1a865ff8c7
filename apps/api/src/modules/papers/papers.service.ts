import type { TPaper, TPaperListQuery } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { presentPaper } from './paper.presenter';
import { countCorpusPapers } from './paper-count';
import { findVisiblePaper } from './paper-visibility.repo';
import { insertPaperClick, listRecentPapers } from './papers.repo';

export async function findRecentPapers(db: Db, query: TPaperListQuery): Promise<TPaper[]> {
  const rows = await listRecentPapers(db, { ...query, keyword: query.keyword || undefined });
  return rows.map(presentPaper);
}

/**
 * GET /api/papers/count: the same number GET /api/corpus/status gives (paper-count.ts): exact for a
 * small corpus, above 100,000 papers a kept exact count at most a minute old (docs/ingest.md#freshness).
 */
export const countPapers = async (db: Db): Promise<number> => (await countCorpusPapers(db)).papers;

/**
 * requirements §7: a click is recorded when PDF or Details is opened; clicks on unknown papers are refused.
 * docs/security.md#taking-things-back: a paper the caller may not see (someone else's upload) is refused with the same
 * 404, so clicks cannot probe which upload ids exist nor skew a stranger's popularity signals.
 */
export async function recordPaperClick(db: Db, click: { platform: string; paperId: string; userId: number | null }) {
  const ref = { platform: click.platform, paper_id: click.paperId };
  await requireAccess(db, { userId: click.userId }, 'paper.read', [ref]);
  // The scoped read stays as the second wall (docs/security.md#policies): the click insert checks nothing.
  if (!(await findVisiblePaper(db, click.userId, ref))) {
    throw notFound(`Paper ${click.platform}/${click.paperId}`);
  }
  await insertPaperClick(db, click);
}
