/**
 * The grounded-QA question sets, written by reading the five fixture PDFs, validated on load: the
 * tuning split (questions.json, which the extractive answerer was tuned on) and the held-out split
 * (questions-held-out.json, written before the answerer was changed and never tuned on), reported apart.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SPLIT_FILES = { tuning: 'questions.json', 'held-out': 'questions-held-out.json' } as const;
export type QaSplit = keyof typeof SPLIT_FILES;
export const QA_SPLITS = Object.keys(SPLIT_FILES) as QaSplit[];

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
/** A question as a set file writes it; the bench's own sets add which split it is in. */
export type QaSetQuestion = z.infer<typeof ZQaQuestion>;
export type QaQuestion = QaSetQuestion & { split: QaSplit };
export type QaStyle = QaQuestion['style'];

async function readSplit(split: QaSplit): Promise<QaQuestion[]> {
  const raw = JSON.parse(await readFile(path.join(HERE, SPLIT_FILES[split]), 'utf8')) as unknown;
  const { questions } = z.object({ questions: z.array(ZQaQuestion) }).parse(raw);
  return questions.map((question) => ({ ...question, split }));
}

/**
 * Reads and checks both splits: ids unique across them, every paper one of `pageCounts`' keys and every
 * gold page inside that paper (a typo in the set would otherwise read as a retrieval miss).
 */
export async function loadQuestions(pageCounts: ReadonlyMap<string, number>): Promise<QaQuestion[]> {
  const questions = (await Promise.all(QA_SPLITS.map(readSplit))).flat();
  const ids = new Set<string>();
  for (const question of questions) {
    const file = SPLIT_FILES[question.split];
    if (ids.has(question.id)) throw new Error(`${file}: duplicate id ${question.id}`);
    ids.add(question.id);
    if (question.paper === null) continue;
    const pages = pageCounts.get(question.paper);
    if (pages === undefined) throw new Error(`${file}: ${question.id} names unknown paper ${question.paper}`);
    const outside = question.pages.filter((page) => page > pages);
    if (outside.length > 0) throw new Error(`${file}: ${question.id} cites pages ${outside} of a ${pages}-page PDF`);
  }
  return questions;
}
