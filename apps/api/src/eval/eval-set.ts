/**
 * A question set for `pnpm eval` (docs/ai.md#scorecard): bench/qa/questions.json or any file in its
 * format, named and hashed so a stored scorecard says exactly which questions it answered.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type QaSetQuestion, ZQaQuestion } from '../../bench/qa/question-set';

/** The project's own set, written by reading the five fixture PDFs (docs/benchmarks.md, "Grounded QA"). */
export const DEFAULT_SET_FILE = fileURLToPath(new URL('../../bench/qa/questions.json', import.meta.url));

export interface EvalSet {
  /** The file's name (not its directory: the path is the operator's, the name is what a user reads). */
  name: string;
  /** sha256 of the file's bytes. */
  hash: string;
  questions: QaSetQuestion[];
  /** The PDFs the answerable questions name (file names without `.pdf`), in order of first mention. */
  papers: string[];
}

/** Parses and checks a set's text: ids unique, at least one question, at least one paper to ask about. */
export function parseEvalSet(name: string, bytes: Buffer): EvalSet {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${name}: not JSON (${(error as Error).message})`);
  }
  const parsed = z.object({ questions: z.array(ZQaQuestion).min(1) }).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${name}: not a question set: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const { questions } = parsed.data;
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.id)) throw new Error(`${name}: duplicate id ${question.id}`);
    ids.add(question.id);
  }
  const papers = [...new Set(questions.flatMap((question) => (question.paper ? [question.paper] : [])))];
  if (papers.length === 0) throw new Error(`${name}: no question names a paper, so there is nothing to ask about`);
  return { name, hash: createHash('sha256').update(bytes).digest('hex'), questions, papers };
}

export async function readEvalSet(file: string): Promise<EvalSet> {
  return parseEvalSet(path.basename(file), await readFile(file));
}

/** Every gold page inside its PDF: a typo in the set would otherwise read as a retrieval miss. */
export function checkGoldPages(set: EvalSet, pageCounts: ReadonlyMap<string, number>) {
  for (const question of set.questions) {
    if (question.paper === null) continue;
    const pages = pageCounts.get(question.paper) ?? 0;
    const outside = question.pages.filter((page) => page > pages);
    if (outside.length > 0)
      throw new Error(`${set.name}: ${question.id} cites pages ${outside} of a ${pages}-page PDF`);
  }
}
