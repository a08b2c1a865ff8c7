import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import { z } from 'zod';
import { authorLine } from '../format';
import { clip, MAX_CHARS, oneLine } from '../limits';
import { expectStatus, runTool, textResult } from '../tool-result';

/** The paper reference every paper tool takes: what search_papers and the folder tools print. */
export const paperRefShape = {
  paper_id: z.string().min(1).max(200).describe('The paper id, e.g. 2401.01234 (arXiv) or an upload id'),
  platform: z.string().min(1).max(32).optional().describe('The paper platform: arxiv (default), upload, …'),
};

/** get_paper: POST /api/chat/get_paper, one paper's metadata and abstract. */
export function registerGetPaper(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'get_paper',
    {
      title: 'Get a paper',
      description: "One paper's title, authors, dates, categories, DOI, PDF link and full abstract.",
      inputSchema: paperRefShape,
      annotations: { readOnlyHint: true },
    },
    ({ paper_id, platform = 'arxiv' }) =>
      runTool(async () => {
        const paper = expectStatus(await pb.api.files.getPaper({ body: { paper_id, platform } }), 200);
        const lines = [
          oneLine(paper.title),
          `Authors: ${paper.authors.length > 50 ? authorLine(paper.authors) : paper.authors.join(', ')}`,
          `paper_id: ${paper.paper_id}, platform: ${paper.platform}`,
          paper.published_date ? `Published: ${paper.published_date}` : null,
          paper.updated_date ? `Updated: ${paper.updated_date}` : null,
          paper.categories.length ? `Categories: ${paper.categories.join(', ')}` : null,
          paper.doi ? `DOI: ${paper.doi}` : null,
          paper.pdf_url ? `PDF: ${paper.pdf_url}` : null,
          paper.comments ? `Comments: ${clip(oneLine(paper.comments), 500)}` : null,
          paper.abstract ? `\nAbstract: ${paper.abstract.trim()}` : '\nNo abstract.',
        ];
        return textResult(clip(lines.filter((line) => line !== null).join('\n'), MAX_CHARS));
      }),
  );
}
