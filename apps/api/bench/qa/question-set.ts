/** The grounded-QA question set (questions.json, written by reading the five fixture PDFs), validated on load. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const QUESTIONS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'questions.json');

const ZAnswerable = z.object({
  id: z.string().min(1),
  /** The fixture PDF's file name without `.pdf` (apps/api/test/fixtures/pdfs). */
  paper: z.string().min(1),
  /** 1-based PDF pages whose text answers the question. */
  pages: z.array(z.number().int().min(1)).min(1),
  style: z.enum(['keyword', 'paraphrased']),
  question: z.string().min(1),
  answer: z.string().min(1),
});

const ZUnanswerable = z.object({
  id: z.string().min(1),
  paper: z.null(),
  pages: z.array(z.never()).length(0),
  style: z.literal('unanswerable'),
  question: z.string().min(1),
  answer: z.string().min(1),
});

export const ZQaQuestion = z.discriminatedUnion('style', [ZAnswerable, ZUnanswerable]);
export type QaQuestion = z.infer<typeof ZQaQuestion>;
export type QaStyle = QaQuestion['style'];

/**
 * Reads and checks the set: ids unique, every paper one of `pageCounts`' keys and every gold page
 * inside that paper (a typo in the set would otherwise read as a retrieval miss).
 */
export async function loadQuestions(pageCounts: ReadonlyMap<string, number>): Promise<QaQuestion[]> {
  const raw = JSON.parse(await readFile(QUESTIONS_FILE, 'utf8')) as unknown;
  const { questions } = z.object({ questions: z.array(ZQaQuestion) }).parse(raw);
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.id)) throw new Error(`questions.json: duplicate id ${question.id}`);
    ids.add(question.id);
    if (question.paper === null) continue;
    const pages = pageCounts.get(question.paper);
    if (pages === undefined) throw new Error(`questions.json: ${question.id} names unknown paper ${question.paper}`);
    const outside = question.pages.filter((page) => page > pages);
    if (outside.length > 0)
      throw new Error(`questions.json: ${question.id} cites pages ${outside} of a ${pages}-page PDF`);
  }
  return questions;
}
