import { defineConfig } from 'tsup';

// One ESM bundle with the workspace contract inlined; npm dependencies stay external. The PDF text
// worker and the embedded database's worker thread (db/pglite-proxy.ts) are their own entries (each is
// loaded by file, beside main.js), and so is the ingest CLI
// (`node dist/ingest.js …` where the sources and tsx are absent, as in the Docker image).
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'pdf-text.worker': 'src/modules/uploads/pdf-text.worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    ingest: 'src/ingest/cli.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@paperbench/contract'],
});
