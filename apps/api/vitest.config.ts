import { defineConfig } from 'vitest/config';

/**
 * docs/testing.md#one-app-load-per-worker-appsapi: files that replace modules (vi.mock) need a module graph of
 * their own: the service tests (repositories stubbed, docs/testing.md#service-tests) and two others.
 * Every other file shares one, so the app's modules load once per worker, not once per file.
 */
const ISOLATED = ['src/**/*.service.test.ts', 'src/policies/access.test.ts', 'src/db/pglite-proxy.test.ts'];

export default defineConfig({
  test: {
    // One file at a time: the suite holds timing tests (PDF worker budgets, rate-limit floods, lock
    // take-overs) that a second file beside them on 2 cores makes flaky. API_TEST_WORKERS=2 runs two.
    maxWorkers: Number(process.env.API_TEST_WORKERS ?? 1),
    // docs/testing.md: a test that reaches past 127.0.0.1 fails (tooling/network-guard.ts).
    setupFiles: ['src/test-support/network-guard.setup.ts'],
    testTimeout: 60_000,
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
