import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createPaperbenchClient } from '@paperbench/client';
import { createMcpServer } from './mcp-server';

/**
 * docs/mcp.md#stdio: `pnpm --silent mcp` (or `node dist/mcp.js`) for assistants that start a local process.
 * It calls a running Paperbench over HTTP (PAPERBENCH_URL) with a personal access token
 * (PAPERBENCH_TOKEN). stdout carries MCP messages only; everything else goes to stderr.
 */
async function main() {
  const token = process.env.PAPERBENCH_TOKEN?.trim();
  if (!token) {
    console.error('paperbench mcp: set PAPERBENCH_TOKEN to a personal access token (profile page → API tokens)');
    process.exit(2);
  }
  const baseUrl = process.env.PAPERBENCH_URL?.trim() || 'http://localhost:3000';
  const server = createMcpServer(createPaperbenchClient({ baseUrl, token }));
  await server.connect(new StdioServerTransport());
  console.error(`paperbench mcp: serving over stdio, calling ${baseUrl}`);
}

main().catch((error: unknown) => {
  console.error('paperbench mcp: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
