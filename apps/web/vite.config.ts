import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Where `pnpm dev` finds the API (apps/api listens on 3000 by default). */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/**
 * One line for a build instead of Vite's listing of every file (~340 lines with the .br and .gz beside
 * each asset, on every `pnpm start`): "web: built 155 files (4.42 MB, 1.02 MB gzipped) in 35.6 s".
 * The sizes leave out source maps and the compressed copies; gzipped is the sum of the .gz copies.
 * `vite build --logLevel info` lists the files again.
 */
function buildSummary(): Plugin {
  let started = 0;
  const totals = { files: 0, bytes: 0, gzipped: 0 };
  return {
    name: 'paperbench:build-summary',
    apply: 'build',
    buildStart() {
      started = performance.now();
    },
    writeBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        const size = output.type === 'chunk' ? Buffer.byteLength(output.code) : output.source.length;
        if (output.fileName.endsWith('.gz')) totals.gzipped += size;
        else if (!/\.(map|br)$/.test(output.fileName)) {
          totals.files += 1;
          totals.bytes += size;
        }
      }
    },
    closeBundle() {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const { files, bytes, gzipped } = totals;
      console.log(`web: built ${files} files (${megabytes(bytes)}, ${megabytes(gzipped)} gzipped) in ${seconds} s`);
    },
  };
}

export default defineConfig(({ command }) => ({
  // A build logs warnings and errors only (its listing is hundreds of lines) and buildSummary prints the
  // outcome; the dev server keeps its info lines (its URL).
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [
    buildSummary(),
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
      // Its "JavaScript callbacks ran for 30 s" notice names the compression above (brotli at quality 11, once
      // per build, on purpose): on a busy machine it printed 9 lines on every start and said nothing new.
      checks: { pluginTimings: false },
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
}));
