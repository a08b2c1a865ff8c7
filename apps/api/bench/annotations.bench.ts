/**
 * Latency of the annotation list and counts (docs/benchmarks.md#annotations): the app in this process,
 * offline, no corpus. One paper of PAGES pages holds MARKS marks of one reader, every fifth shared with a
 * shared folder and every tenth orphaned (its quote is on no page, so re-anchoring searches its page on
 * every list); COUNT_PAPERS papers with two marks each are counted in one request. Each request runs
 * WARM_UP times unmeasured, then ROUNDS times one after the other over real HTTP.
 */
import type { Db } from '../src/db/client';
import { buildSharedFolder } from '../src/test-support/collaboration';
import {
  buildAnnotation,
  buildFolderFile,
  buildNamedUser,
  buildPageTexts,
  buildPaper,
} from '../src/test-support/factories';
import { startBenchApp } from './bench-app';
import { onCleanup } from './cleanup';
import { onEachDriver } from './corpus-app';
import { type LatencySummary, ms, summarize } from './stats';

const MARKS = 500;
const PAGES = 20;
const SENTENCES_PER_PAGE = 40;
const COUNT_PAPERS = 200;
const WARM_UP = 3;
const ROUNDS = 30;

const sentence = (page: number, index: number) =>
  `Sentence ${index} of page ${page} compares attention over citation graphs with ${index * 7} baselines.`;
/** A page as pdf.js gives it: sentences, a line break after every third. */
const pageText = (page: number) =>
  Array.from({ length: SENTENCES_PER_PAGE }, (_, index) => `${sentence(page, index)}${index % 3 === 2 ? '\n' : ' '}`)
    .join('')
    .trim();

export interface AnnotationsDriverResult {
  label: string;
  /** The owner listing all MARKS marks, and a folder viewer listing the shared ones. */
  ownerList: LatencySummary;
  viewerList: LatencySummary;
  counts: LatencySummary;
  shared: number;
  orphaned: number;
}

async function arrange(db: Db) {
  const ada = await buildNamedUser(db, { email: 'ada@bench.example', name: 'Ada' });
  const bob = await buildNamedUser(db, { email: 'bob@bench.example', name: 'Bob' });
  const folder = await buildSharedFolder(db, { ownerId: ada.id, members: [{ email: bob.email, role: 'viewer' }] });
  const paper = await buildPaper(db, { title: 'Annotated paper' });
  const pages = Array.from({ length: PAGES }, (_, index) => pageText(index + 1));
  await buildPageTexts(db, paper, pages);
  await buildFolderFile(db, { folderId: folder.id, paper });
  let shared = 0;
  let orphaned = 0;
  for (let index = 0; index < MARKS; index++) {
    const page = (index % PAGES) + 1;
    const orphan = index % 10 === 9;
    const share = index % 5 === 0;
    shared += share ? 1 : 0;
    orphaned += orphan ? 1 : 0;
    await buildAnnotation(db, {
      userId: ada.id,
      paper,
      page,
      exact: orphan ? `A sentence no page holds, number ${index}.` : sentence(page, index % SENTENCES_PER_PAGE),
      pageText: pages[page - 1],
      note: index % 3 === 0 ? `Note ${index}` : null,
      folderId: share ? folder.id : null,
    });
  }
  const counted: string[] = [];
  for (let index = 0; index < COUNT_PAPERS; index++) {
    const other = await buildPaper(db);
    counted.push(`arxiv:${other.paperId}`);
    for (const page of [1, 2]) await buildAnnotation(db, { userId: ada.id, paper: other, page, exact: `Mark ${page}` });
  }
  return { ada, bob, paper, counted, shared, orphaned };
}

async function time(url: string, token: string): Promise<LatencySummary> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'x-user-id': token }, signal: AbortSignal.timeout(30_000) });
    await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let round = 0; round < WARM_UP; round++) await once();
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) samples.push(await once());
  return summarize(samples);
}

export function runAnnotationsBench(log: (message: string) => void): Promise<AnnotationsDriverResult[]> {
  return onEachDriver(process.env.DATABASE_URL?.trim() || undefined, async (label, databaseUrl) => {
    const app = await startBenchApp(databaseUrl);
    const close = onCleanup(() => app.close());
    try {
      log(`annotations (${label}): arranging ${MARKS} marks and ${COUNT_PAPERS} counted papers…`);
      const { ada, bob, paper, counted, shared, orphaned } = await arrange(app.context.db);
      const list = `${app.baseUrl}/api/annotations?paper_id=${paper.paperId}&platform=arxiv`;
      log(`annotations (${label}): timing…`);
      return {
        label,
        ownerList: await time(list, ada.token),
        viewerList: await time(list, bob.token),
        counts: await time(`${app.baseUrl}/api/annotations/counts?papers=${counted.join(',')}`, ada.token),
        shared,
        orphaned,
      };
    } finally {
      await close();
    }
  });
}

export function renderAnnotationsReport(results: readonly AnnotationsDriverResult[], date: string): string {
  const first = results[0];
  const lines = [
    `## Annotations: ${date}`,
    '',
    `One paper of ${PAGES} pages (${SENTENCES_PER_PAGE} sentences each) with ${MARKS} marks of one reader ` +
      `(${first?.shared ?? 0} shared with a shared folder, ${first?.orphaned ?? 0} orphaned: re-anchoring searches their page ` +
      `on every list), and ${COUNT_PAPERS} papers with 2 marks each counted in one request; ${WARM_UP} warm-up and ` +
      `${ROUNDS} sequential requests each over HTTP.`,
    '',
    '| Database | Request | p50 | p95 | max |',
    '|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const [name, summary] of [
      [`\`GET /api/annotations\`, owner (${MARKS} marks)`, result.ownerList],
      [`\`GET /api/annotations\`, folder viewer (${result.shared} shared marks)`, result.viewerList],
      [`\`GET /api/annotations/counts\`, ${COUNT_PAPERS} papers`, result.counts],
    ] as const) {
      lines.push(
        `| ${result.label} | ${name} | ${ms(summary.p50)} ms | ${ms(summary.p95)} ms | ${ms(summary.max)} ms |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
