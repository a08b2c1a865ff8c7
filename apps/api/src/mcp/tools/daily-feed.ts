import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import { z } from 'zod';
import { paperEntry } from '../format';
import { joinBounded, MAX_ITEMS } from '../limits';
import { expectStatus, runTool, textResult } from '../tool-result';

/** daily_feed: GET /api/feed/daily (one announcement day, grouped by followed topic), its first MAX_ITEMS papers. */
export function registerDailyFeed(server: McpServer, pb: PaperbenchClient) {
  server.registerTool(
    'daily_feed',
    {
      title: 'Daily feed',
      description:
        "One announcement day's new papers, those matching the user's followed topics first, then those related " +
        `to their folders, each with why it is shown. At most ${MAX_ITEMS} papers; default the latest day.`,
      inputSchema: { day: z.string().optional().describe('The day, YYYY-MM-DD (default: the latest day)') },
      annotations: { readOnlyHint: true },
    },
    ({ day }) =>
      runTool(async () => {
        const feed = expectStatus(await pb.api.feed.daily({ query: { day } }), 200);
        if (feed.day === null) return textResult('The corpus has no dated papers yet.');
        const lines = [`${feed.total} papers on ${feed.day}.`];
        let shown = 0;
        for (const group of feed.groups) {
          const papers = group.papers.slice(0, MAX_ITEMS - shown);
          if (papers.length === 0) continue;
          lines.push(`\n## ${group.label}`);
          for (const paper of papers) lines.push(`${paperEntry(paper, ++shown)}\n   Why: ${paper.reason}`);
        }
        if (shown < feed.total) {
          lines.push(
            `\n(showing ${shown} of ${feed.total} papers of the day; follow topics to rank what matters first)`,
          );
        }
        if (feed.previous_day) lines.push(`Previous day: ${feed.previous_day}.`);
        return textResult(joinBounded(lines, 'lines'));
      }),
  );
}
