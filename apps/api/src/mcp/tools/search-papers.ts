import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import { z } from 'zod';
import { paperEntry } from '../format';
import { joinBounded, MAX_ITEMS, sliceNote } from '../limits';
import { expectStatus, runTool, textResult } from '../tool-result';

/** search_papers: POST /api/search/ (docs/search.md), its syntax and filters, at most MAX_ITEMS hits a call. */
export function registerSearchPapers(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'search_papers',
    {
      title: 'Search papers',
      description:
        'Full-text search of the paper corpus (titles, authors, abstracts). Syntax: "exact phrase", a OR b, ' +
        `-excluded, author:"Name"; an arXiv id or DOI finds that paper. Returns at most ${MAX_ITEMS} papers per ` +
        'call with their paper_id and platform (what the other tools take); page with offset.',
      inputSchema: {
        query: z.string().min(1).max(500).describe('What to search for'),
        categories: z
          .array(z.string())
          .max(20)
          .optional()
          .describe('Only these arXiv categories or archives, e.g. ["cs.CL", "math"]'),
        from: z.string().optional().describe('Published on or after this day, YYYY-MM-DD'),
        to: z.string().optional().describe('Published on or before this day, YYYY-MM-DD'),
        sort: z.enum(['relevance', 'date']).optional().describe('relevance (default) or date (newest first)'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_ITEMS)
          .optional()
          .describe(`How many papers, 1-${MAX_ITEMS} (default 10)`),
        offset: z.number().int().min(0).max(10_000).optional().describe('Results to skip, for the next page'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ query, categories, from, to, sort, limit = 10, offset = 0 }) =>
      runTool(async () => {
        const found = expectStatus(
          await pb.api.search.search({ body: { query, categories, from, to, sort, limit, offset } }),
          200,
        );
        const lines = [
          `${found.total_estimated ? 'About ' : ''}${found.total} papers match "${found.query}".`,
          ...(found.did_you_mean
            ? [`Did you mean "${found.did_you_mean.query}" (${found.did_you_mean.total} papers)?`]
            : []),
          ...found.results.map((paper, index) => paperEntry(paper, offset + index + 1)),
        ];
        const note = sliceNote(
          offset,
          found.results.length,
          found.total,
          `narrow the query or call again with offset ${offset + found.results.length}`,
        );
        return textResult(joinBounded(note ? [...lines, `(${note})`] : lines, 'lines'));
      }),
  );
}
