import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each integration file opens its own databases; PGlite is WASM and wants the CPU to itself.
    fileParallelism: false,
    // docs/testing.md: one migrated (and one seeded) database template per run, copied for each test app.
    globalSetup: ['src/test-support/global-setup.ts'],
    // docs/testing.md: a test that reaches past 127.0.0.1 fails (tooling/network-guard.ts).
    setupFiles: ['src/test-support/network-guard.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
