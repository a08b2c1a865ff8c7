/**
 * Grounded QA in offline (extractive) mode (docs/benchmarks.md, "Grounded QA"): the five CC-BY fixture
 * PDFs uploaded over real HTTP to the app running in this process (bench/qa/qa-app.ts: no model,
 * so extractive), text-ready time per PDF, the five added to the File List and
 * selected, then every question of bench/qa/questions.json through `POST /api/chat/stream_chat`, its
 * SSE read as it arrives and scored by bench/qa/score-answer.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TChatFile, TCitedPassage } from '@paperbench/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { passages } from '../src/db/schema';
import { type BenchApp, startBenchApp } from './bench-app';
import { onCleanup } from './cleanup';
import { countPages, PDF_DIR } from './library-pdfs';
import { loadQuestions, type QaQuestion } from './qa/question-set';
import { type ScoredAnswer, scoreAnswer } from './qa/score-answer';
import { askOverHttp } from './qa/sse-answer';
import { withTimeout } from './with-timeout';

/** The five fixture PDFs (apps/api/test/fixtures/pdfs, CC BY: attribution in its README.md). */
const FIXTURES = [
  'acl2020-specter-cohan-et-al',
  'naacl2018-literature-graph-ammar-et-al',
  'peerj-cs-2017-vespa-webb-et-al',
  'bmc-hsr-2014-agyeman-duah-et-al',
  'hindawi-rrp-2010-tully-et-al',
] as const;
/** Extra uploads of the longest fixture (16 pages) for a text-ready p50 rather than one sample. */
const EXTRA_TEXT_READY_RUNS = 4;
const DRAIN_TIMEOUT_MS = 120_000;

export interface QaPdf {
  name: string;
  bytes: number;
  pages: number;
  /** From the start of the upload until its text and passages are stored (the queue drained), one per upload. */
  textReadyMs: number[];
}

export interface TimedAnswer extends ScoredAnswer<QaQuestion> {
  firstDeltaMs: number | undefined;
  totalMs: number;
}

export interface QaDriverResult {
  label: string;
  pdfs: QaPdf[];
  passages: number;
  answers: TimedAnswer[];
}

interface Session {
  app: BenchApp;
  userId: string;
}

async function call(session: Session, method: 'GET' | 'POST', route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${session.app.baseUrl}${route}`, {
    method,
    headers: { 'x-user-id': session.userId, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Another copy of a PDF with other bytes (a comment after %%EOF, which readers ignore): uploading the
 * same bytes twice gives the paper already held (200), not a new upload to time.
 */
const benchCopy = (data: Buffer, copy: number) => Buffer.concat([data, Buffer.from(`\n% bench copy ${copy}\n`)]);

/** Uploads one PDF and waits until its text is extracted and cut into passages; returns its id and the time. */
async function uploadUntilReady(session: Session, name: string, data: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), `${name}.pdf`);
  form.set('title', name);
  const started = performance.now();
  const response = await fetch(`${session.app.baseUrl}/api/upload/`, {
    method: 'POST',
    headers: { 'x-user-id': session.userId },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { paper_id?: string };
  if (response.status !== 201 || !body.paper_id)
    throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  await withTimeout(session.app.context.queue.drain(), DRAIN_TIMEOUT_MS, `text extraction of ${name}`);
  return { paperId: body.paper_id, ms: performance.now() - started };
}

/** Adds the uploads to the File List and selects them, as the web client does; checks each text is ready. */
async function selectAll(session: Session, paperIds: readonly string[]) {
  for (const paper_id of paperIds) {
    await call(session, 'POST', '/api/chat/attach_paper', { paper_id, platform: 'upload' });
    await call(session, 'POST', '/api/chat/update_file_selection', { paper_id, platform: 'upload', selected: true });
  }
  const files = (await call(session, 'GET', '/api/chat/files')) as TChatFile[];
  for (const paperId of paperIds) {
    const file = files.find((f) => f.platform === 'upload' && f.paper_id === paperId);
    if (!file?.selected || file.embedding_status !== 'ready') {
      throw new Error(
        `upload ${paperId}: selected ${file?.selected}, text ${file?.embedding_status} (want selected, ready)`,
      );
    }
  }
}

interface FixtureFile {
  name: string;
  data: Buffer;
  pages: number;
}

/**
 * Uploads the five PDFs until each text is ready, then the longest again for more text-ready samples
 * (those copies are never selected). Returns the times and which upload is which fixture.
 */
async function uploadFixtures(session: Session, files: readonly FixtureFile[], log: (message: string) => void) {
  const longest = files.reduce((a, b) => (b.pages > a.pages ? b : a));
  // pdf.js and the extraction worker load on first use: one unmeasured upload first.
  await uploadUntilReady(session, longest.name, benchCopy(longest.data, 0));
  log('uploading the five PDFs until text ready…');
  const pdfs: QaPdf[] = [];
  const nameOf = new Map<string, string>();
  for (const file of files) {
    const { paperId, ms } = await uploadUntilReady(session, file.name, file.data);
    nameOf.set(paperId, file.name);
    pdfs.push({ name: file.name, bytes: file.data.length, pages: file.pages, textReadyMs: [ms] });
  }
  const longestResult = pdfs.find((pdf) => pdf.name === longest.name) as QaPdf;
  for (let run = 0; run < EXTRA_TEXT_READY_RUNS; run++) {
    longestResult.textReadyMs.push(
      (await uploadUntilReady(session, longest.name, benchCopy(longest.data, run + 1))).ms,
    );
  }
  return { pdfs, nameOf };
}

/** One user's File List with the five PDFs selected, on `databaseUrl` (a scratch database) or an in-memory PGlite. */
export async function runQaDriver(
  label: string,
  databaseUrl: string | undefined,
  log: (message: string) => void,
): Promise<QaDriverResult> {
  const app = await startBenchApp(databaseUrl);
  const close = onCleanup(() => app.close());
  try {
    const issued = await fetch(`${app.baseUrl}/api/user/get_id`, { method: 'POST' });
    const session: Session = { app, userId: ((await issued.json()) as { user_id: string }).user_id };
    const files = await Promise.all(
      FIXTURES.map(async (name) => {
        const data = await readFile(path.join(PDF_DIR, `${name}.pdf`));
        return { name, data, pages: await countPages(data) };
      }),
    );
    const questions = await loadQuestions(new Map(files.map((f) => [f.name, f.pages])));
    const { pdfs, nameOf } = await uploadFixtures(session, files, (message) => log(`qa (${label}): ${message}`));
    await selectAll(session, [...nameOf.keys()]);
    const [passageCount] = await app.context.db
      .select({ n: count() })
      .from(passages)
      .where(and(eq(passages.platform, 'upload'), inArray(passages.paperId, [...nameOf.keys()])));

    const paperOf = (ref: TCitedPassage) => nameOf.get(ref.paper_id) ?? `not selected: ${ref.platform}/${ref.paper_id}`;
    // The sentence splitter's model and the routes load on first use: one unmeasured question first.
    await askOverHttp(app.baseUrl, session.userId, questions[0]?.question ?? 'warm-up');
    log(`qa (${label}): asking ${questions.length} questions over 5 selected papers…`);
    const answers: TimedAnswer[] = [];
    for (const question of questions) {
      const streamed = await askOverHttp(app.baseUrl, session.userId, question.question);
      answers.push({
        ...scoreAnswer(question, streamed.events, paperOf),
        firstDeltaMs: streamed.firstDeltaMs,
        totalMs: streamed.totalMs,
      });
    }
    return { label, pdfs, passages: passageCount?.n ?? 0, answers };
  } finally {
    await close();
  }
}
