/**
 * Time to first event of the research tools' streamed routes, offline (docs/benchmarks.md, "Streamed
 * research tools"): the app in this process over the shipped 25k corpus with no model (extractive
 * mode), one user, three corpus papers in a review session with two labelled edges. Each route runs once
 * unmeasured (routes, sentence splitter and calibrations load on first use), then ROUNDS times, its SSE
 * read as it arrives over real HTTP.
 */
import type { TPaperRef, TStreamEvent } from '@paperbench/contract';
import { onCleanup } from './cleanup';
import { onEachDriver, startCorpusApp } from './corpus-app';
import { streamOverHttp } from './qa/sse-answer';
import { type LatencySummary, ms, summarize } from './stats';

const ROUNDS = 10;
/** The papers the review is written from: the top three hits of one query, as a user would pick them. */
const PAPERS_QUERY = 'graph neural networks';

interface StreamedRoute {
  route: string;
  /** The event that carries the first content the user reads. */
  content: TStreamEvent['type'];
  body: (session: ReviewSession) => unknown;
}

interface ReviewSession {
  sessionId: number;
  papers: TPaperRef[];
}

const ROUTES: readonly StreamedRoute[] = [
  {
    route: '/api/review/stream_rws',
    content: 'section',
    body: ({ sessionId }) => ({ session_id: sessionId }),
  },
  {
    route: '/api/review/chat_rwg',
    content: 'delta',
    body: ({ sessionId, papers }) => ({
      session_id: sessionId,
      message: 'Which methods do these papers propose?',
      selected_files: papers,
    }),
  },
  {
    route: '/api/ideas/stream_generate',
    content: 'idea',
    body: ({ papers }) => ({ topic: PAPERS_QUERY, selected_files: papers, count: 3 }),
  },
];

export interface StreamTiming {
  route: string;
  content: string;
  firstEvent: LatencySummary;
  firstContent: LatencySummary;
  total: LatencySummary;
}

export interface StreamsDriverResult {
  label: string;
  timings: StreamTiming[];
}

async function call(baseUrl: string, userId: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'x-user-id': userId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** A review session of the top three papers for PAPERS_QUERY, the first linked to the other two. */
async function prepareSession(baseUrl: string, userId: string): Promise<ReviewSession> {
  const found = (await call(baseUrl, userId, 'POST', '/api/search/', { query: PAPERS_QUERY })) as {
    results: { paper_id: string; platform: string }[];
  };
  const papers = found.results.slice(0, 3).map(({ paper_id, platform }) => ({ paper_id, platform }));
  if (papers.length < 3) throw new Error(`"${PAPERS_QUERY}" found ${papers.length} papers, want 3`);
  const session = (await call(baseUrl, userId, 'POST', '/api/review/sessions', { title: 'Bench review' })) as {
    id: number;
  };
  await call(baseUrl, userId, 'POST', `/api/review/sessions/${session.id}/add_files`, {
    paper_ids: papers.map((paper) => paper.paper_id),
    platform: 'arxiv',
  });
  const [a, b, c] = papers as [TPaperRef, TPaperRef, TPaperRef];
  for (const [target, label] of [
    [b, 'extends'],
    [c, 'compares with'],
  ] as const) {
    await call(baseUrl, userId, 'POST', '/api/review/graph/edges', {
      session_id: session.id,
      source: a,
      target,
      label,
    });
  }
  return { sessionId: session.id, papers };
}

async function timeRoute(baseUrl: string, userId: string, session: ReviewSession, spec: StreamedRoute) {
  await streamOverHttp(baseUrl, userId, spec.route, spec.body(session));
  const firstEvent: number[] = [];
  const firstContent: number[] = [];
  const total: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const streamed = await streamOverHttp(baseUrl, userId, spec.route, spec.body(session));
    const first = Math.min(...Object.values(streamed.firstMs));
    const content = streamed.firstMs[spec.content];
    if (content === undefined) throw new Error(`${spec.route} streamed no '${spec.content}' event`);
    firstEvent.push(first);
    firstContent.push(content);
    total.push(streamed.totalMs);
  }
  return {
    route: spec.route,
    content: spec.content,
    firstEvent: summarize(firstEvent),
    firstContent: summarize(firstContent),
    total: summarize(total),
  };
}

export function runStreamsBench(log: (message: string) => void): Promise<StreamsDriverResult[]> {
  return onEachDriver(process.env.DATABASE_URL?.trim() || undefined, async (label, databaseUrl) => {
    const app = await startCorpusApp(label, databaseUrl, log);
    const close = onCleanup(() => app.close());
    try {
      const issued = await fetch(`${app.baseUrl}/api/user/get_id`, { method: 'POST' });
      const userId = ((await issued.json()) as { user_id: string }).user_id;
      const session = await prepareSession(app.baseUrl, userId);
      const timings: StreamTiming[] = [];
      for (const spec of ROUTES) {
        log(`streams (${label}): ${spec.route} × ${ROUNDS}…`);
        timings.push(await timeRoute(app.baseUrl, userId, session, spec));
      }
      return { label, timings };
    } finally {
      await close();
    }
  });
}

export function renderStreamsReport(results: readonly StreamsDriverResult[], date: string): string {
  const lines = [
    `## Streamed research tools, offline: ${date}`,
    '',
    `Three corpus papers (the top hits of "${PAPERS_QUERY}") in a review session with two edges; ${ROUNDS} sequential`,
    'requests per route after one warm-up, times from sending the request to the event read off the socket.',
    '',
    '| Database | Route | First event p50 · p95 · max | First content (event) p50 · p95 | Whole stream p50 · p95 |',
    '|---|---|---|---|---|',
  ];
  for (const { label, timings } of results) {
    for (const t of timings) {
      lines.push(
        `| ${label} | \`POST ${t.route}\` | ${ms(t.firstEvent.p50)} · ${ms(t.firstEvent.p95)} · ${ms(t.firstEvent.max)} ms ` +
          `| ${ms(t.firstContent.p50)} · ${ms(t.firstContent.p95)} ms (${t.content}) | ${ms(t.total.p50)} · ${ms(t.total.p95)} ms |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
