import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Where `pnpm dev` finds the API (apps/api listens on 3000 by default). */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // docs/security.md#browser-headers: .br and .gz beside every text asset, built once at the highest levels; the API
    // serves them as they are (@fastify/static preCompressed), so no request pays for compression.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
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
