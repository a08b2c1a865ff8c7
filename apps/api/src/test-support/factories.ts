import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { papers } from '../db/schema';
import type { NewPaper } from '../ingest/arxiv-record';

/** Inserts a paper with sensible defaults; tests name only the fields they care about. */
export async function buildPaper(db: Db, overrides: Partial<NewPaper> = {}): Promise<NewPaper> {
  const paper: NewPaper = {
    platform: 'arxiv',
    paperId: `test.${randomBytes(4).toString('hex')}`,
    title: 'An untitled test paper',
    authors: ['Ada Lovelace'],
    abstract: 'A paper made by the test factory.',
    categories: ['cs.DL'],
    publishedDate: '2019-06-01',
    pdfUrl: null,
    ...overrides,
  };
  await db.insert(papers).values(paper);
  return paper;
}
