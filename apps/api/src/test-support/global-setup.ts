import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropAbandonedPostgresTemplates, dropPostgresTemplates, type TemplateRun } from './db-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** docs/testing.md: where this run's database templates live (db-templates.ts). */
    dbTemplates: TemplateRun;
  }
}

/**
 * Once per `vitest run` (docs/testing.md): names the place of this run's database templates, which
 * the first test file that needs one builds (so a run of pure unit files pays nothing), and removes
 * them when the run ends. Every file runs in its own process, so the templates live on disk (PGlite
 * dumps) and on the server (PostgreSQL template databases), not in memory.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-test-templates-'));
  // The pid names the run that owns the templates, so a later run can drop those of a killed one.
  const postgresPrefix = `paperbench_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('dbTemplates', { dir, postgresPrefix });
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) await dropAbandonedPostgresTemplates(adminUrl);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (adminUrl) await dropPostgresTemplates(adminUrl, postgresPrefix);
  };
}
