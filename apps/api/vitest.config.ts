import { defineConfig } from 'vitest/config';

/**
 * docs/testing.md#one-app-load-per-worker-appsapi: files that replace modules (vi.mock) need a module graph of
 * their own: the service tests (repositories stubbed, docs/testing.md#service-tests) and two others.
 * Every other file shares one, so the app's modules load once per worker, not once per file.
 */
const ISOLATED = ['src/**/*.service.test.ts', 'src/policies/access.test.ts', 'src/db/pglite-proxy.test.ts'];

export default defineConfig({
  test: {
    // docs/testing.md#two-workers: every file opens its own databases (PGlite in memory, PostgreSQL scratch
    // databases with random names), so two files run at once, one per core; API_TEST_WORKERS=1 runs one.
    maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
    // docs/testing.md: a test that reaches past 127.0.0.1 fails (tooling/network-guard.ts).
    setupFiles: ['src/test-support/network-guard.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
          // docs/testing.md: one migrated (and one seeded) database template per run, copied for each test app.
          globalSetup: ['src/test-support/global-setup.ts'],
        },
      },
      // No database: these files need no templates.
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
