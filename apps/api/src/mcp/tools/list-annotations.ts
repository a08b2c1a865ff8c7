import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import { clip, joinBounded, MAX_ITEMS, MAX_QUOTE_CHARS, oneLine, sliceNote } from '../limits';
import { expectStatus, runTool, textResult } from '../tool-result';
import { paperRefShape } from './get-paper';

/** list_annotations: GET /api/annotations (docs/annotations.md), the marks the user sees on one paper. */
export function registerListAnnotations(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'list_annotations',
    {
      title: "List a paper's annotations",
      description:
        "The user's highlights, underlines and notes on a paper (and those shared with their folders), by page, " +
        `with the marked text. At most ${MAX_ITEMS}.`,
      inputSchema: paperRefShape,
      annotations: { readOnlyHint: true },
    },
    ({ paper_id, platform = 'arxiv' }) =>
      runTool(async () => {
        const marks = expectStatus(await pb.api.annotations.list({ query: { paper_id, platform } }), 200);
        if (marks.length === 0) return textResult('No annotations on this paper.');
        const shown = marks.slice(0, MAX_ITEMS);
        const lines = shown.map((mark) => {
          const quote = mark.quote ? ` “${clip(oneLine(mark.quote.exact), MAX_QUOTE_CHARS)}”` : ' (an area)';
          const note = mark.note ? `\n   Note: ${clip(oneLine(mark.note), MAX_QUOTE_CHARS)}` : '';
          const who = mark.is_mine ? 'you' : mark.author_name;
          return `- p. ${mark.page}, ${mark.kind} by ${who}:${quote}${note}`;
        });
        const note = sliceNote(0, shown.length, marks.length, 'the rest are on later pages');
        return textResult(joinBounded(note ? [...lines, `(${note})`] : lines, 'marks'));
      }),
  );
}
