import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { contract, type PaperbenchClient, type TStreamEvent } from '@paperbench/client';
import type { TCitedPassage, TFileSelection, TPaperRef } from '@paperbench/contract';
import { z } from 'zod';
import { clip, MAX_CHARS, MAX_QUOTE_CHARS, oneLine } from '../limits';
import { expectStatus, runTool, ToolFailure } from '../tool-result';
import { paperRefShape } from './get-paper';

/** The most papers one question may name: the chat route's own cap (ZFileSelection). */
const MAX_QUESTION_PAPERS = 500;

const ZCitation = z.object({
  n: z.number().int().describe('The number the answer cites it by, [n]'),
  paper_id: z.string(),
  platform: z.string(),
  page: z.number().int().describe('1-based PDF page of the passage'),
  quote: z.string().describe('The cited passage, verbatim (cut at 1,000 characters)'),
});
type TCitation = z.infer<typeof ZCitation>;

const outputShape = {
  answer: z.string(),
  abstained: z.boolean().describe('True when the papers do not say: the answer then says so and cites nothing'),
  citations: z.array(ZCitation).describe("Only the citations the server's checker verified against their passage"),
};

/** What the stream told: the numbered passages, the answer's text and the checker's verdict. */
interface StreamedAnswer {
  passages: TCitedPassage[];
  answer: string;
  done: Extract<TStreamEvent, { type: 'done' }>;
}

/** Reads POST /api/chat/stream_chat to its end (docs/ai.md#chat-protocol); an 'error' event is a tool error. */
async function readAnswer(events: AsyncIterable<TStreamEvent>): Promise<StreamedAnswer> {
  let passages: TCitedPassage[] = [];
  let answer = '';
  for await (const event of events) {
    if (event.type === 'passages') passages = event.passages;
    else if (event.type === 'delta') answer += event.content;
    else if (event.type === 'error') throw new ToolFailure(event.message);
    else if (event.type === 'done') return { passages, answer, done: event };
  }
  throw new ToolFailure('The answer ended without its verdict; please ask again');
}

/**
 * The citations to hand back: only those the deterministic checker marked supported (docs/ai.md#citations),
 * each with its passage's paper, page and text; none when the answer abstained.
 */
export function verifiedCitations({ passages, done }: StreamedAnswer): TCitation[] {
  if (done.abstained) return [];
  const byNumber = new Map(passages.map((passage) => [passage.n, passage]));
  return [...new Set(done.citations.supported)]
    .sort((a, b) => a - b)
    .flatMap((n) => {
      const passage = byNumber.get(n);
      if (!passage) return [];
      const { paper_id, platform, page, text } = passage;
      return [{ n, paper_id, platform, page, quote: clip(text, MAX_QUOTE_CHARS) }];
    });
}

/** The papers a question is about: those named, plus a folder's (its readable files), deduplicated. */
async function selectionOf(
  pb: PaperbenchClient,
  papers: readonly TPaperRef[] | undefined,
  folderId: number | undefined,
): Promise<TFileSelection | undefined> {
  if (papers === undefined && folderId === undefined) return undefined;
  const refs = [...(papers ?? [])];
  if (folderId !== undefined) {
    const files = expectStatus(await pb.api.folders.listFiles({ params: { id: folderId } }), 200);
    refs.push(...files.filter((file) => !file.unavailable).map(({ paper_id, platform }) => ({ paper_id, platform })));
  }
  const unique = [...new Map(refs.map((ref) => [`${ref.platform}:${ref.paper_id}`, ref])).values()];
  if (unique.length === 0) throw new ToolFailure('That folder has no papers to ask about');
  if (unique.length > MAX_QUESTION_PAPERS) {
    throw new ToolFailure(`At most ${MAX_QUESTION_PAPERS} papers per question; name fewer papers or a smaller folder`);
  }
  return unique;
}

function answerText(answer: string, abstained: boolean, citations: readonly TCitation[], dropped: number): string {
  const parts = [abstained ? `The papers do not answer this (abstained): ${answer.trim()}` : answer.trim()];
  if (citations.length) {
    parts.push(
      'Verified sources:',
      ...citations.map((c) => `[${c.n}] ${c.platform}:${c.paper_id}, p. ${c.page}: “${clip(oneLine(c.quote), 300)}”`),
    );
  }
  if (dropped > 0) parts.push(`(${dropped} citations could not be verified against their passages and are left out)`);
  return clip(parts.join('\n'), MAX_CHARS);
}

/**
 * ask_papers: a grounded answer from POST /api/chat/stream_chat (each call is a new chat session of the
 * user's), with only the checker's supported citations, as text and as structured content.
 */
export function registerAskPapers(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'ask_papers',
    {
      title: 'Ask the papers',
      description:
        'Answer a question from the full text of papers, citing passages [n] with their page. Only citations ' +
        'the server verified are returned; when the papers do not say, abstained is true. Context: the papers ' +
        "named, a folder's papers (folder_id), or else the papers selected in the user's File List. Needs the ai scope.",
      inputSchema: {
        question: z.string().min(1).max(20_000).describe('The question'),
        papers: z.array(z.object(paperRefShape)).max(MAX_QUESTION_PAPERS).optional().describe('The papers to ask'),
        folder_id: z.number().int().positive().optional().describe("Ask this folder's papers"),
      },
      outputSchema: outputShape,
      annotations: { readOnlyHint: false, openWorldHint: false },
    },
    ({ question, papers, folder_id }) =>
      runTool(async () => {
        const refs = papers?.map(({ paper_id, platform = 'arxiv' }) => ({ paper_id, platform }));
        const selected_files = await selectionOf(pb, refs, folder_id);
        const streamed = await readAnswer(pb.stream(contract.chat.streamChat, { message: question, selected_files }));
        const citations = verifiedCitations(streamed);
        const { abstained } = streamed.done;
        const dropped = abstained ? 0 : new Set(streamed.done.citations.unsupported).size;
        const answer = clip(streamed.answer.trim(), MAX_CHARS / 2);
        return {
          content: [{ type: 'text', text: answerText(answer, abstained, citations, dropped) }],
          structuredContent: { answer, abstained, citations },
        };
      }),
  );
}
