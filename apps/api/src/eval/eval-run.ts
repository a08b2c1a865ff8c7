/**
 * `pnpm eval`'s run over real HTTP against any Paperbench server (docs/ai.md#scorecard): a new
 * anonymous user uploads the set's PDFs, waits until their text is read, selects them in the File List
 * as the web client does, asks every question through `POST /api/chat/stream_chat`, reads the stored
 * answer's marks, and deletes the user again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TAiStatus, TChatFile, TChatMessage, TCitedPassage } from '@paperbench/contract';
import type { EvalSet } from './eval-set';
import { askTimed } from './eval-stream';
import { type EvalAnswer, scoreEvalAnswer } from './score-eval';

const READY_TIMEOUT_MS = 600_000;
const POLL_MS = 500;

export interface EvalTarget {
  baseUrl: string;
  /** Directory of the set's PDFs (`<paper>.pdf`). */
  pdfDir: string;
  log: (message: string) => void;
  /** In-process runs hand over the queue's drain, so no time is spent polling. */
  settle?: () => Promise<void>;
}

export interface EvalRun {
  status: TAiStatus;
  answers: EvalAnswer[];
}

async function call<T>(baseUrl: string, userId: string | null, method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { ...(userId ? { 'x-user-id': userId } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function upload(target: EvalTarget, userId: string, paper: string): Promise<string> {
  const data = await readFile(path.join(target.pdfDir, `${paper}.pdf`));
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), `${paper}.pdf`);
  form.set('title', paper);
  const response = await fetch(`${target.baseUrl}/api/upload/`, {
    method: 'POST',
    headers: { 'x-user-id': userId },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  const body = (await response.json()) as { paper_id?: string };
  if (response.status !== 201 || !body.paper_id) throw new Error(`upload of ${paper}: ${JSON.stringify(body)}`);
  return body.paper_id;
}

/** Attaches and selects every upload, then waits until each text is ready (or failed: then the run stops). */
async function selectWhenReady(target: EvalTarget, userId: string, paperIds: readonly string[]) {
  for (const paper_id of paperIds) {
    await call(target.baseUrl, userId, 'POST', '/api/chat/attach_paper', { paper_id, platform: 'upload' });
    const selection = { paper_id, platform: 'upload', selected: true };
    await call(target.baseUrl, userId, 'POST', '/api/chat/update_file_selection', selection);
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    await target.settle?.();
    const files = await call<TChatFile[]>(target.baseUrl, userId, 'GET', '/api/chat/files');
    const mine = files.filter((file) => file.platform === 'upload' && paperIds.includes(file.paper_id));
    const failed = mine.find((file) => file.embedding_status === 'failed');
    if (failed) throw new Error(`the text of upload ${failed.paper_id} could not be read`);
    if (mine.length === paperIds.length && mine.every((file) => file.selected && file.embedding_status === 'ready'))
      return;
    if (Date.now() > deadline) throw new Error('the PDFs were not read within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The stored answer and how many of its sentences it marks not verified; null when nothing was stored (an error). */
async function storedAnswer(baseUrl: string, userId: string, sessionId: number | undefined) {
  if (sessionId === undefined) return null;
  const messages = await call<TChatMessage[]>(baseUrl, userId, 'GET', `/api/chat/messages?session_id=${sessionId}`);
  const answer = messages.at(-1);
  if (answer?.role !== 'assistant') return null;
  return { content: answer.content, unsupportedSpans: answer.unsupported_spans?.length ?? 0 };
}

export async function runEval(target: EvalTarget, set: EvalSet): Promise<EvalRun> {
  const { baseUrl, log } = target;
  const status = await call<TAiStatus>(baseUrl, null, 'GET', '/api/ai/status');
  const { user_id: userId } = await call<{ user_id: string }>(baseUrl, null, 'POST', '/api/user/get_id');
  try {
    log(`uploading ${set.papers.length} PDFs and waiting until their text is read…`);
    const nameOf = new Map<string, string>();
    for (const paper of set.papers) nameOf.set(await upload(target, userId, paper), paper);
    await selectWhenReady(target, userId, [...nameOf.keys()]);
    const paperOf = (ref: TCitedPassage) => nameOf.get(ref.paper_id) ?? `other: ${ref.platform}/${ref.paper_id}`;

    log(`asking ${set.questions.length} questions (${status.mode}${status.model ? `: ${status.model}` : ''})…`);
    const answers: EvalAnswer[] = [];
    for (const question of set.questions) {
      const timed = await askTimed(baseUrl, userId, question.question, log);
      const session = timed.events.find((event) => event.type === 'session');
      const sessionId = session?.type === 'session' ? session.session_id : undefined;
      const stored = await storedAnswer(baseUrl, userId, sessionId);
      answers.push(scoreEvalAnswer(question, { ...timed, stored }, paperOf));
    }
    return { status, answers };
  } finally {
    // The eval's user, its uploads and sessions go again (an operator's server keeps nothing of the run).
    await call(baseUrl, userId, 'DELETE', '/api/profile', { confirm: 'delete my account' }).catch((error: unknown) =>
      log(`could not delete the eval's user: ${(error as Error).message}`),
    );
  }
}
