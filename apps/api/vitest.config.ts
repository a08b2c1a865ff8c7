import { defineConfig } from 'vitest/config';

/**
 * docs/testing.md#one-app-load-per-worker-appsapi: files that replace modules (vi.mock) need a module graph of
 * their own: the service tests (repositories stubbed, docs/testing.md#service-tests) and two others.
 * Every other file shares one, so the app's modules load once per worker, not once per file.
 */
const ISOLATED = ['src/**/*.service.test.ts', 'src/policies/access.test.ts', 'src/db/pglite-proxy.test.ts'];

/**
 * docs/testing.md#two-workers: files that measure time or memory (the PDF worker's wall-clock and heap
 * budgets, request floods against rate limits, lock take-overs, outbound pacing). They run one at a
 * time after the rest, so no second file competes with them for the 2 cores.
 */
const TIMED = [
  'src/modules/uploads/pdf-text-worker.test.ts',
  'src/jobs/definitions/extract-pdf-text.test.ts',
  'src/rate-limit/rate-limit.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/modules/papers/arxiv-politeness.test.ts',
  'src/ingest/outbound-pacer.test.ts',
];

// docs/testing.md: one migrated (and one seeded) database template per run, copied for each test app.
const globalSetup = ['src/test-support/global-setup.ts'];

export default defineConfig({
  test: {
    // docs/testing.md#two-workers: every file opens its own databases (PGlite in memory, PostgreSQL
    // scratch databases with random names), so two files run at once, one per core. API_TEST_WORKERS=1
    // runs one at a time.
    maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
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
          exclude: [...ISOLATED, ...TIMED],
          isolate: false,
          globalSetup,
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          isolate: false,
          globalSetup,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      // No database: these files need no templates. pglite-proxy.test.ts measures the event loop's gaps,
      // so this project too runs alone, last.
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          isolate: true,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
