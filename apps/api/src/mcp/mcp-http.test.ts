import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TTokenScope } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles } from '../db/schema';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import {
  ANSWERED_QUESTION,
  askPapers,
  buildMcpFixture,
  callOk,
  callTool,
  expectCitationsStored,
  type McpFixture,
  resourceText,
  TOOL_NAMES,
  textOf,
  UNANSWERED_QUESTION,
} from './mcp-test-support';

/** docs/mcp.md#over-http: an MCP client of the SDK against /mcp of the listening app, with a personal access token. */
describe.each(testDrivers())('MCP over Streamable HTTP (%s)', (driver) => {
  let t: TestApp;
  let fixture: McpFixture;
  let baseUrl: string;
  const clients: Client[] = [];

  /** A token of the fixture user, made as the profile page makes one (POST /api/tokens with the session). */
  async function createToken(scopes: TTokenScope[]): Promise<{ id: number; token: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { 'x-user-id': fixture.user.token },
      payload: { name: `mcp ${scopes.join('+')}`, scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'paperbench-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    fixture = await buildMcpFixture(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the tools and calls each one with a token of every scope', async () => {
    const client = await connect((await createToken(['read', 'write', 'ai'])).token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    const paper = { paper_id: fixture.specter.paperId, platform: 'arxiv' };
    expect((await callOk(client, 'search_papers', { query: 'SPECTER' })).text).toContain(fixture.specter.paperId);
    expect((await callOk(client, 'get_paper', paper)).text).toContain('SPECTER');
    expect((await callOk(client, 'list_folders')).text).toContain(`folder_id: ${fixture.folder.id}`);
    expect((await callOk(client, 'list_folder_papers', { folder_id: fixture.folder.id })).text).toContain(
      fixture.ghana.paperId,
    );
    expect((await callOk(client, 'daily_feed')).text).toMatch(/papers on \d{4}-\d{2}-\d{2}/);
    expect((await callOk(client, 'export_bibtex', { folder_id: fixture.folder.id })).text).toMatch(/^@/m);
    expect((await callOk(client, 'list_annotations', paper)).text).toContain('p. 3, highlight by you');
    const added = await callOk(client, 'add_to_folder', {
      folder_id: fixture.folder.id,
      paper_id: fixture.unfiled.paperId,
    });
    expect(added.text).toContain('Added "A paper to file away"');

    const answered = await askPapers(client, { question: ANSWERED_QUESTION, papers: [paper] });
    expect(answered.structured.abstained).toBe(false);
    expect(answered.structured.citations.length).toBeGreaterThan(0);
    await expectCitationsStored(t.db, answered.structured.citations);
    const abstained = await askPapers(client, { question: UNANSWERED_QUESTION, papers: [paper] });
    expect(abstained.structured).toMatchObject({ abstained: true, citations: [] });

    const folder = await client.readResource({ uri: `paperbench://folders/${fixture.folder.id}` });
    expect(resourceText(folder)).toContain(fixture.specter.paperId);
  });

  it('applies the token scopes: a read-only token cannot add to a folder (write) nor ask (ai)', async () => {
    const client = await connect((await createToken(['read'])).token);
    const before = await t.db.select().from(folderFiles).where(eq(folderFiles.folderId, fixture.folder.id));
    const add = await callTool(client, 'add_to_folder', { folder_id: fixture.folder.id, paper_id: 'other.paper' });
    expect(add.isError).toBe(true);
    expect(textOf(add)).toContain('This token lacks the `write` scope');
    const ask = await callTool(client, 'ask_papers', { question: ANSWERED_QUESTION });
    expect(ask.isError).toBe(true);
    expect(textOf(ask)).toContain('This token lacks the `ai` scope');
    const after = await t.db.select().from(folderFiles).where(eq(folderFiles.folderId, fixture.folder.id));
    expect(after).toHaveLength(before.length);
    // What it may do, it does: every read, get_paper's POST included.
    expect((await callOk(client, 'list_folders')).text).toContain(`folder_id: ${fixture.folder.id}`);
    expect((await callOk(client, 'get_paper', { paper_id: fixture.specter.paperId })).text).toContain('SPECTER');
    const bib = await callOk(client, 'export_bibtex', { papers: [{ paper_id: fixture.ghana.paperId }] });
    expect(bib.text).toMatch(/^@\w+\{/m);
  });

  it('ends the session when the token is revoked: the next call is refused with 401', async () => {
    const { id, token } = await createToken(['read']);
    const client = await connect(token);
    await callOk(client, 'list_folders');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      headers: { 'x-user-id': fixture.user.token },
    });
    expect(revoked.statusCode).toBe(204);
    await expect(callTool(client, 'list_folders')).rejects.toMatchObject({ code: 401 });
  });

  it('refuses /mcp without a bearer token, and with a session instead of one, with 401 and WWW-Authenticate', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    for (const extra of [{}, { 'x-user-id': fixture.user.token }]) {
      const response = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(initialize),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toMatchObject({
        error: 'UNAUTHORIZED',
        message: expect.stringContaining('Authorization: Bearer'),
      });
    }
    const forged = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer pbt_${'A'.repeat(43)}` },
      body: JSON.stringify(initialize),
    });
    expect(forged.status).toBe(401);
  });

  it('answers GET and DELETE /mcp with 405: the server is stateless', async () => {
    const { token } = await createToken(['read']);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${baseUrl}/mcp`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('keeps the security headers on the hijacked answer and does not compress it', async () => {
    const { token } = await createToken(['read']);
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'accept-encoding': 'gzip, br',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { id: number; result: { tools: unknown[] } };
    expect(body.id).toBe(7);
    expect(body.result.tools).toHaveLength(TOOL_NAMES.length);
  });
});
