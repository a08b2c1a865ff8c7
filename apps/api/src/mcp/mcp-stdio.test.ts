import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../lib/package-paths';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import {
  ANSWERED_QUESTION,
  askPapers,
  buildMcpFixture,
  callOk,
  callTool,
  expectCitationsStored,
  type McpFixture,
  TOOL_NAMES,
  textOf,
  UNANSWERED_QUESTION,
} from './mcp-test-support';

/**
 * docs/mcp.md#stdio: the stdio entry as an assistant starts it (`node --import tsx src/mcp/stdio.ts`), with
 * PAPERBENCH_URL at the listening app and PAPERBENCH_TOKEN. The SDK client reads its stdout as protocol
 * messages only, so anything else printed there would fail these calls.
 */
describe.each(testDrivers())('MCP over stdio (%s)', (driver) => {
  let t: TestApp;
  let fixture: McpFixture;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp(driver);
    fixture = await buildMcpFixture(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { 'x-user-id': fixture.user.token },
      payload: { name: 'stdio', scopes: ['read', 'write', 'ai'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp/stdio.ts'],
      cwd: packageRoot,
      env: {
        PATH: process.env.PATH ?? '',
        PAPERBENCH_URL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
        PAPERBENCH_TOKEN: created.json().token,
      },
      stderr: 'pipe',
    });
    client = new Client({ name: 'paperbench-test', version: '1.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('lists the tools and calls them through the HTTP API', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    const paper = { paper_id: fixture.specter.paperId, platform: 'arxiv' };
    expect((await callOk(client, 'search_papers', { query: 'SPECTER' })).text).toContain(fixture.specter.paperId);
    expect((await callOk(client, 'get_paper', paper)).text).toContain('SPECTER');
    expect((await callOk(client, 'list_folders')).text).toContain(`folder_id: ${fixture.folder.id}`);
    expect((await callOk(client, 'list_folder_papers', { folder_id: fixture.folder.id })).text).toContain(
      fixture.specter.paperId,
    );
    expect((await callOk(client, 'daily_feed')).text).toMatch(/papers on/);
    expect((await callOk(client, 'export_bibtex', { papers: [paper] })).text).toMatch(/^@\w+\{/m);
    expect((await callOk(client, 'list_annotations', paper)).text).toContain('the key idea');
    const added = await callOk(client, 'add_to_folder', {
      folder_id: fixture.folder.id,
      paper_id: fixture.unfiled.paperId,
    });
    expect(added.text).toBe(`Added "A paper to file away" to folder ${fixture.folder.id}.`);
  });

  it('answers with stored passages as citations, and abstains when the papers do not say', async () => {
    const paper = { paper_id: fixture.specter.paperId, platform: 'arxiv' };
    const answered = await askPapers(client, { question: ANSWERED_QUESTION, papers: [paper] });
    expect(answered.structured.abstained).toBe(false);
    expect(answered.structured.citations.length).toBeGreaterThan(0);
    await expectCitationsStored(t.db, answered.structured.citations);
    const abstained = await askPapers(client, { question: UNANSWERED_QUESTION, papers: [paper] });
    expect(abstained.structured).toMatchObject({ abstained: true, citations: [] });
  });

  it("gives the route's refusal as a tool error, with its message and no stack", async () => {
    const result = await callTool(client, 'get_paper', { paper_id: 'no.such.paper' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not found/i);
    expect(textOf(result)).not.toMatch(/\n\s+at /);
  });
});

/** The entry run as an assistant runs it, with `input` on stdin: its exit code and both outputs. */
function runEntry(env: Record<string, string>, input: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/mcp/stdio.ts'], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('MCP stdio entry', () => {
  it('writes protocol messages only to stdout, its log to stderr', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    // Port 9 is closed: nothing is called before a tool runs.
    const { stdout, stderr } = await runEntry(
      { PAPERBENCH_TOKEN: `pbt_${'A'.repeat(43)}`, PAPERBENCH_URL: 'http://127.0.0.1:9' },
      `${JSON.stringify(initialize)}\n`,
    );
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'paperbench' } },
    });
    expect(stderr).toContain('serving over stdio, calling http://127.0.0.1:9');
  });

  it('answers a tool call to an unreachable server with a tool error naming it', async () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_folders', arguments: {} } },
    ];
    const { stdout } = await runEntry(
      { PAPERBENCH_TOKEN: `pbt_${'A'.repeat(43)}`, PAPERBENCH_URL: 'http://127.0.0.1:9' },
      messages.map((message) => `${JSON.stringify(message)}\n`).join(''),
    );
    const answers = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(answers.find((answer) => answer.id === 2)?.result).toEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^Paperbench could not be reached or failed: /) }],
    });
  });

  it('refuses to start without PAPERBENCH_TOKEN, saying so on stderr', async () => {
    const { code, stdout, stderr } = await runEntry({}, '');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('set PAPERBENCH_TOKEN');
  });
});
