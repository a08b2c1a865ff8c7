import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `pnpm dev` finds the API (apps/api listens on 3000 by default). */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // Same-origin API in dev as in production, where apps/api serves dist/.
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // scripts/bundle-size.mjs reads the manifest to find what the home route loads first.
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks that change less often than the app code. Narrow tests on purpose:
        // chart.js, katex and other lazily imported libraries must stay in their own dynamic chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'data', test: /node_modules[\\/](@tanstack|@ts-rest|zod)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
