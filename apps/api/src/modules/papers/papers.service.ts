import type { TPaper, TPaperListQuery } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { presentPaper } from './paper.presenter';
import { countPapers, insertPaperClick, listRecentPapers, paperExists } from './papers.repo';

export async function findRecentPapers(db: Db, query: TPaperListQuery): Promise<TPaper[]> {
  const rows = await listRecentPapers(db, { ...query, keyword: query.keyword || undefined });
  return rows.map(presentPaper);
}

export { countPapers };

/** spec §7: a click is recorded when PDF or Details is opened; clicks on unknown papers are refused. */
export async function recordPaperClick(db: Db, click: { platform: string; paperId: string; userId: number | null }) {
  if (!(await paperExists(db, click.platform, click.paperId))) {
    throw notFound(`Paper ${click.platform}/${click.paperId}`);
  }
  await insertPaperClick(db, click);
}
