import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

const started = performance.now();

/**
 * One line instead of tsup's listing of every output file (~25 lines on every `pnpm start`); errors and
 * warnings still print (`silent` hides only the rest).
 */
async function printSummary() {
  const files = readdirSync('dist').filter((name) => name.endsWith('.js'));
  const bytes = files.reduce((sum, name) => sum + statSync(path.join('dist', name)).size, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`api: built ${files.length} files (${(bytes / 1e6).toFixed(2)} MB) in ${seconds} s`);
}

// One ESM bundle with the workspace contract inlined; npm dependencies stay external. The PDF text
// worker and the embedded database's worker thread (db/pglite-proxy.ts) are their own entries (each is
// loaded by file, beside main.js), and so are the ingest and backup CLIs
// and the MCP stdio server (`node dist/ingest.js …`, `node dist/backup.js …`, `node dist/mcp.js` where the
// sources and tsx are absent, as in the Docker image).
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'pdf-text.worker': 'src/modules/uploads/pdf-text.worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    ingest: 'src/ingest/cli.ts',
    mcp: 'src/mcp/stdio.ts',
    backup: 'src/modules/backup/cli.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The client (and its one SSE parser) inlined too: `node dist/mcp.js` runs where the workspace is absent.
  noExternal: ['@paperbench/contract', '@paperbench/client', 'eventsource-parser'],
  silent: true,
  onSuccess: printSummary,
});
