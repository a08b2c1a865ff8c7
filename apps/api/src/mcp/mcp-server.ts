import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PaperbenchClient } from '@paperbench/client';
import { registerFolderResources } from './resources';
import { registerAskPapers } from './tools/ask-papers';
import { registerDailyFeed } from './tools/daily-feed';
import { registerExportBibtex } from './tools/export-bibtex';
import { registerFolderTools } from './tools/folders';
import { registerGetPaper } from './tools/get-paper';
import { registerListAnnotations } from './tools/list-annotations';
import { registerSearchPapers } from './tools/search-papers';

const INSTRUCTIONS =
  'Paperbench is a research workbench: a corpus of papers, the user’s folders, their annotations and a ' +
  'grounded question answering over full text. Find papers with search_papers, keep them with add_to_folder, ' +
  'ask them with ask_papers (cite only the citations it returns) and export BibTeX with export_bibtex.';

/**
 * docs/mcp.md: the MCP server of one caller. Every tool and resource calls the HTTP API through `pb`, the
 * typed client (@paperbench/client), so each runs the route's own policies, token scopes and rate budgets.
 * Over /mcp `pb` dispatches in-process (inject-fetch.ts); over stdio it is real HTTP to PAPERBENCH_URL.
 */
export function createMcpServer(pb: PaperbenchClient, version = '0.1.0'): McpServer {
  const server = new McpServer({ name: 'paperbench', version }, { instructions: INSTRUCTIONS });
  registerSearchPapers(server, pb);
  registerGetPaper(server, pb);
  registerFolderTools(server, pb);
  registerDailyFeed(server, pb);
  registerAskPapers(server, pb);
  registerExportBibtex(server, pb);
  registerListAnnotations(server, pb);
  registerFolderResources(server, pb);
  return server;
}
