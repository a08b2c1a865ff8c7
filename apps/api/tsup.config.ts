import { defineConfig } from 'tsup';

// One ESM bundle with the workspace contract inlined; npm dependencies stay external. The PDF text
// worker is its own entry: a worker thread loads it by file, beside main.js.
export default defineConfig({
  entry: { main: 'src/main.ts', 'pdf-text.worker': 'src/modules/uploads/pdf-text.worker.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@paperbench/contract'],
});
