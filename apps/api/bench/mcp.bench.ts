/**
 * What the MCP layer costs (docs/benchmarks.md#mcp): `search_papers` and `ask_papers` called by the SDK's
 * client over Streamable HTTP (POST /mcp, in-process dispatch to the route), against the same route called
 * directly over HTTP with the same token. The app in this process, offline (extractive answers), over the
 * shipped corpus; the chat fixture's two papers with passages. Each call WARM_UP times unmeasured, then
 * ROUNDS times one after the other.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { count } from 'drizzle-orm';
import { papers } from '../src/db/schema';
import { buildChatFixture } from '../src/modules/chat/chat-test-support';
import { onCleanup } from './cleanup';
import { onEachDriver, startCorpusApp } from './corpus-app';
import { type LatencySummary, ms, summarize } from './stats';

const WARM_UP = 5;
const ROUNDS = 50;
const QUERIES = ['graph neural networks', 'dark matter halo', 'quantum error correction', 'reinforcement learning'];
const QUESTION = 'How does SPECTER learn document embeddings of scientific papers?';

export interface McpBenchResult {
  label: string;
  papers: number;
  loadBefore: string;
  loadAfter: string;
  rows: { call: string; direct: LatencySummary; mcp: LatencySummary }[];
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function measure(call: (round: number) => Promise<void>): Promise<LatencySummary> {
  for (let round = 0; round < WARM_UP; round++) await call(round);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await call(round);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

async function createToken(baseUrl: string, userToken: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'x-user-id': userToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', scopes: ['read', 'ai'] }),
  });
  if (response.status !== 201) throw new Error(`POST /api/tokens answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A direct POST with the token, read to its end; a refusal fails the bench. */
async function post(url: string, token: string, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
}

export function runMcpBench(log: (message: string) => void): Promise<McpBenchResult[]> {
  return onEachDriver(process.env.DATABASE_URL?.trim() || undefined, async (label, databaseUrl) => {
    const app = await startCorpusApp(label, databaseUrl, log);
    const close = onCleanup(() => app.close());
    const client = new Client({ name: 'paperbench-bench', version: '1.0.0' });
    try {
      const { user, specter, ghana } = await buildChatFixture(app.db);
      const selected = [specter, ghana].map(({ paperId }) => ({ paper_id: paperId, platform: 'arxiv' }));
      const token = await createToken(app.baseUrl, user.token);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const [{ value: paperCount } = { value: 0 }] = await app.db.select({ value: count() }).from(papers);
      const loadBefore = loadAverage();
      const query = (round: number) => QUERIES[round % QUERIES.length] as string;
      log(`mcp (${label}): timing search_papers and ask_papers, ${ROUNDS} calls each…`);
      const rows = [
        {
          call: '`search_papers` (limit 10) vs `POST /api/search/`',
          direct: await measure((round) =>
            post(`${app.baseUrl}/api/search/`, token, { query: query(round), limit: 10 }).then(() => undefined),
          ),
          mcp: await measure((round) => callTool(client, 'search_papers', { query: query(round), limit: 10 })),
        },
        {
          call: '`ask_papers` (2 papers) vs `POST /api/chat/stream_chat`',
          direct: await measure(async () => {
            const events = await post(`${app.baseUrl}/api/chat/stream_chat`, token, {
              message: QUESTION,
              selected_files: selected,
            });
            if (!events.includes('"type":"done"')) throw new Error('stream_chat ended without its done event');
          }),
          mcp: await measure(() => callTool(client, 'ask_papers', { question: QUESTION, papers: selected })),
        },
      ];
      return { label, papers: paperCount, loadBefore, loadAfter: loadAverage(), rows };
    } finally {
      await client.close();
      await close();
    }
  });
}

export function renderMcpReport(results: readonly McpBenchResult[], date: string): string {
  const lines = [
    `## MCP: ${date}`,
    '',
    `The SDK's client over Streamable HTTP (\`POST /mcp\`) against the same route called directly over HTTP, ` +
      `one token, offline (extractive answers); ${WARM_UP} warm-up and ${ROUNDS} sequential calls each.`,
    '',
    '| Database | Papers | Call | direct p50 | direct p95 | MCP p50 | MCP p95 | load average (before → after) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const row of result.rows) {
      lines.push(
        `| ${result.label} | ${result.papers.toLocaleString('en-US')} | ${row.call} | ${ms(row.direct.p50)} ms | ` +
          `${ms(row.direct.p95)} ms | ${ms(row.mcp.p50)} ms | ${ms(row.mcp.p95)} ms | ${result.loadBefore} → ${result.loadAfter} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
