import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { passages } from '../db/schema';
import { buildChatFixture, SPECTER_GRAPH } from '../modules/chat/chat-test-support';
import { buildAnnotation, buildPaper } from '../test-support/factories';

/** Every tool of docs/mcp.md#tools. */
export const TOOL_NAMES = [
  'add_to_folder',
  'ask_papers',
  'daily_feed',
  'export_bibtex',
  'get_paper',
  'list_annotations',
  'list_folder_papers',
  'list_folders',
  'search_papers',
];

export const ANSWERED_QUESTION = 'How does SPECTER learn document embeddings of scientific papers?';
/** BEIR is in none of the fixture's passages: the chat route abstains (docs/ai.md#abstention, layer 1). */
export const UNANSWERED_QUESTION = 'Which BEIR datasets does SPECTER evaluate on?';

/** The chat fixture (two papers with passages in one folder), a mark on SPECTER p. 3 and a paper to file. */
export async function buildMcpFixture(db: Db) {
  const chat = await buildChatFixture(db);
  await buildAnnotation(db, {
    userId: chat.user.id,
    paper: chat.specter,
    page: 3,
    exact: 'pretraining a Transformer on the citation graph',
    pageText: SPECTER_GRAPH,
    note: 'the key idea',
  });
  const unfiled = await buildPaper(db, { title: 'A paper to file away' });
  return { ...chat, unfiled };
}
export type McpFixture = Awaited<ReturnType<typeof buildMcpFixture>>;

/** The text of a tool's answer (its one text part). */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** The text of a resource read (its first content). */
export function resourceText({ contents }: { contents: ({ text: string } | { blob: string })[] }): string {
  const first = contents[0];
  return first && 'text' in first ? first.text : '';
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's answer that must have succeeded: its text. */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await callTool(client, name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  return { result, text: textOf(result) };
}

interface AskAnswer {
  answer: string;
  abstained: boolean;
  citations: { n: number; paper_id: string; platform: string; page: number; quote: string }[];
}

/** Each citation is a stored passage of its paper, on its page (the quote is that passage's text). */
export async function expectCitationsStored(db: Db, citations: AskAnswer['citations']) {
  for (const citation of citations) {
    const rows = await db
      .select({ text: passages.text })
      .from(passages)
      .where(
        and(
          eq(passages.platform, citation.platform),
          eq(passages.paperId, citation.paper_id),
          eq(passages.page, citation.page),
        ),
      );
    expect(
      rows.some((row) => row.text.includes(citation.quote.replace(/…$/, ''))),
      `[${citation.n}] p. ${citation.page}`,
    ).toBe(true);
  }
}

export async function askPapers(client: Client, args: Record<string, unknown>) {
  const { result, text } = await callOk(client, 'ask_papers', args);
  return { text, structured: result.structuredContent as unknown as AskAnswer };
}
