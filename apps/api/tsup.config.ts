import { defineConfig } from 'tsup';

// One ESM bundle with the workspace contract inlined; npm dependencies stay external.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@paperbench/contract'],
});
