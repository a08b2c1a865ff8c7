import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createPaperbenchClient } from '@paperbench/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaper } from '../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { injectFetch } from './inject-fetch';
import { createMcpServer } from './mcp-server';
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

/**
 * docs/mcp.md#tools: every tool through an in-memory MCP transport, its client dispatching to the app with
 * the fixture user's session (the transports and tokens: mcp-http.test.ts, mcp-stdio.test.ts).
 */
describe.each(testDrivers())('MCP tools (%s)', (driver) => {
  let t: TestApp;
  let fixture: McpFixture;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp(driver);
    fixture = await buildMcpFixture(t.db);
    const viaApp = injectFetch(t.app, '127.0.0.1');
    // The fixture user's X-User-ID in place of a token: the tools, not the credential, are tested here.
    const asFixtureUser: typeof fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.delete('authorization');
      headers.set('x-user-id', fixture.user.token);
      return viaApp(input, { ...init, headers });
    };
    const pb = createPaperbenchClient({ baseUrl: 'http://paperbench.test', token: 'unused', fetch: asFixtureUser });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(pb).connect(serverSide);
    client = new Client({ name: 'paperbench-test', version: '1.0.0' });
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('lists every tool, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
    const ask = tools.find((tool) => tool.name === 'ask_papers');
    expect(Object.keys(ask?.outputSchema?.properties ?? {}).sort()).toEqual(['abstained', 'answer', 'citations']);
  });

  it('searches, and says so when it shows fewer papers than match', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, index) => buildPaper(t.db, { title: `Quokka foraging study ${index}` })),
    );
    const { text } = await callOk(client, 'search_papers', { query: 'quokka', limit: 25 });
    expect(text).toContain('30 papers match "quokka"');
    expect(text.match(/^\d+\. Quokka foraging study/gm)).toHaveLength(25);
    expect(text).toContain('(showing 1–25 of 30; narrow the query or call again with offset 25)');
    const next = await callOk(client, 'search_papers', { query: 'quokka', limit: 25, offset: 25 });
    expect(next.text.match(/^\d+\. Quokka foraging study/gm)).toHaveLength(5);
    const specter = await callOk(client, 'search_papers', { query: 'SPECTER' });
    expect(specter.text).toContain(`paper_id: ${fixture.specter.paperId}, platform: arxiv`);
    expect(specter.text).not.toContain('showing');
  });

  it('refuses more than the cap of papers a call as an input error, not a longer answer', async () => {
    const result = await callTool(client, 'search_papers', { query: 'quokka', limit: 100 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/limit/);
  });

  it('gets a paper, and gives the route message (no stack) for one that does not exist', async () => {
    const { text } = await callOk(client, 'get_paper', { paper_id: fixture.specter.paperId });
    expect(text).toContain('SPECTER');
    expect(text).toContain('Abstract: A paper made by the test factory.');
    const missing = await callTool(client, 'get_paper', { paper_id: 'no.such.paper' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/not found/i);
    expect(textOf(missing)).not.toMatch(/\n\s+at /);
  });

  it('lists the folders and the papers of one', async () => {
    const folders = await callOk(client, 'list_folders');
    expect(folders.text).toContain(`Test folder (folder_id: ${fixture.folder.id}, 2 papers)`);
    const files = await callOk(client, 'list_folder_papers', { folder_id: fixture.folder.id });
    expect(files.text).toContain(`paper_id: ${fixture.specter.paperId}`);
    expect(files.text).toContain(`paper_id: ${fixture.ghana.paperId}`);
  });

  it('adds a paper to a folder once (a second add is harmless)', async () => {
    const args = { folder_id: fixture.folder.id, paper_id: fixture.unfiled.paperId };
    expect((await callOk(client, 'add_to_folder', args)).text).toBe(
      `Added "A paper to file away" to folder ${fixture.folder.id}.`,
    );
    expect((await callOk(client, 'add_to_folder', args)).text).toContain('was already in folder');
    const files = await callOk(client, 'list_folder_papers', { folder_id: fixture.folder.id });
    expect(files.text).toContain(fixture.unfiled.paperId);
  });

  it('shows a day of the feed', async () => {
    const { text } = await callOk(client, 'daily_feed');
    expect(text).toMatch(/^\d+ papers on \d{4}-\d{2}-\d{2}\./);
  });

  it('answers from the papers with only stored passages as citations, with their pages', async () => {
    const { structured, text } = await askPapers(client, {
      question: ANSWERED_QUESTION,
      papers: [{ paper_id: fixture.specter.paperId, platform: 'arxiv' }],
    });
    expect(structured.abstained).toBe(false);
    expect(structured.citations.length).toBeGreaterThan(0);
    expect(structured.citations.every((citation) => citation.paper_id === fixture.specter.paperId)).toBe(true);
    expect(structured.citations.map((citation) => citation.page)).toContain(3);
    await expectCitationsStored(t.db, structured.citations);
    expect(text).toContain('Verified sources:');
    expect(text).toContain(`arxiv:${fixture.specter.paperId}, p. 3`);
  });

  it("answers about a folder's papers", async () => {
    const { structured } = await askPapers(client, { question: ANSWERED_QUESTION, folder_id: fixture.folder.id });
    expect(structured.abstained).toBe(false);
    await expectCitationsStored(t.db, structured.citations);
  });

  it('abstains, citing nothing, when the papers do not say', async () => {
    const { structured, text } = await askPapers(client, {
      question: UNANSWERED_QUESTION,
      papers: [{ paper_id: fixture.specter.paperId, platform: 'arxiv' }],
    });
    expect(structured).toMatchObject({ abstained: true, citations: [] });
    expect(structured.answer).toContain('do not mention BEIR');
    expect(text).toMatch(/^The papers do not answer this \(abstained\)/);
  });

  it('refuses a question about a paper the user may not read as the chat route does (404)', async () => {
    const result = await callTool(client, 'ask_papers', {
      question: ANSWERED_QUESTION,
      papers: [{ paper_id: 'no.such.paper', platform: 'arxiv' }],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not found/i);
  });

  it("exports a folder's BibTeX exactly as the folder export route does", async () => {
    const route = await t.app.inject({
      url: `/api/folders/${fixture.folder.id}/export?format=bibtex`,
      headers: { 'x-user-id': fixture.user.token },
    });
    const { text } = await callOk(client, 'export_bibtex', { folder_id: fixture.folder.id });
    const entries = text.split('\n\n').filter((entry) => entry.startsWith('@'));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries) expect(route.body).toContain(entry);
  });

  it("exports the library's entries of the papers named, naming those outside the user's folders", async () => {
    const library = await t.app.inject({
      url: '/api/profile/library.bib',
      headers: { 'x-user-id': fixture.user.token },
    });
    const stranger = await buildPaper(t.db, { title: 'Not in any folder' });
    const { text } = await callOk(client, 'export_bibtex', {
      papers: [{ paper_id: fixture.specter.paperId }, { paper_id: stranger.paperId }],
    });
    const entries = text.split('\n\n').filter((entry) => entry.startsWith('@'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toContain('SPECTER');
    expect(library.body).toContain(entries[0]);
    expect(text).toContain(
      `% not in your folders, so not exported (add them with add_to_folder first): arxiv:${stranger.paperId}`,
    );
  });

  it("lists a paper's annotations with their page, text and note", async () => {
    const { text } = await callOk(client, 'list_annotations', { paper_id: fixture.specter.paperId });
    expect(text).toBe(
      '- p. 3, highlight by you: “pretraining a Transformer on the citation graph”\n   Note: the key idea',
    );
  });

  it('serves the folders as resources: the list and one a folder', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining(['paperbench://folders', `paperbench://folders/${fixture.folder.id}`]),
    );
    const list = await client.readResource({ uri: 'paperbench://folders' });
    expect(JSON.parse(resourceText(list))).toContainEqual(
      expect.objectContaining({ id: fixture.folder.id, name: 'Test folder' }),
    );
    const folder = await client.readResource({ uri: `paperbench://folders/${fixture.folder.id}` });
    expect(JSON.parse(resourceText(folder))).toContainEqual({
      paper_id: fixture.specter.paperId,
      platform: 'arxiv',
      title: 'SPECTER',
    });
  });
});
