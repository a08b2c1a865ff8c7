import { defineConfig } from 'vitest/config';

/**
 * docs/testing.md#one-app-load-per-worker: files that replace modules (vi.mock) need a module graph
 * of their own; every other file shares one, so the app's modules load once per worker, not per file.
 */
const ISOLATED = ['src/policies/access.test.ts', 'src/db/pglite-proxy.test.ts'];

export default defineConfig({
  test: {
    // Each integration file opens its own databases; PGlite is WASM and wants the CPU to itself.
    fileParallelism: false,
    // docs/testing.md: one migrated (and one seeded) database template per run, copied for each test app.
    globalSetup: ['src/test-support/global-setup.ts'],
    // docs/testing.md: a test that reaches past 127.0.0.1 fails (tooling/network-guard.ts).
    setupFiles: ['src/test-support/network-guard.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
