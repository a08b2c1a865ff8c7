import type { TPaper, TSearchResponse } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { paperClicks, users } from '../../db/schema';
import { buildPaper } from '../../test-support/factories';
import { createScratchDatabase, createTestApp, issueUserId, type TestApp } from '../../test-support/test-app';

describe('without DATABASE_READ_URL', () => {
  it('reads from the primary database', async () => {
    const t = await createTestApp('pglite', { seed: false });
    try {
      expect(t.context.readDb).toBe(t.db);
    } finally {
      await t.close();
    }
  });
});

/**
 * docs/deploy.md#read-replica: a second database stands in for the replica. It holds a different paper than the
 * primary, so every answer shows which database it came from.
 */
describe.runIf(process.env.DATABASE_URL)('DATABASE_READ_URL (postgres)', () => {
  let t: TestApp;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let replica: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    replica = openDatabase({ url: scratch.url });
    await replica.migrate();
    await buildPaper(replica.db, { paperId: 'replica.only', title: 'The quillfeather theorem, as replicated' });
    t = await createTestApp('postgres', {
      seed: false,
      // DATABASE_URL only satisfies the config's rule that a replica needs a primary: the test app opens its own.
      env: { DATABASE_URL: process.env.DATABASE_URL as string, DATABASE_READ_URL: scratch.url },
    });
    await buildPaper(t.db, { paperId: 'primary.only', title: 'The quillfeather theorem, as written' });
  });
  afterAll(async () => {
    await t?.close();
    await replica?.close();
    await scratch?.drop();
  });

  it('answers search from the replica', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'quillfeather' } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as TSearchResponse;
    expect(body.results.map((paper) => paper.paper_id)).toEqual(['replica.only']);
    expect(body.total).toBe(1);
  });

  it('lists and counts papers from the replica', async () => {
    const list = await t.app.inject({ url: '/api/papers' });
    expect((list.json() as TPaper[]).map((paper) => paper.paper_id)).toEqual(['replica.only']);
    expect((await t.app.inject({ url: '/api/papers/count' })).json()).toBe(1);
  });

  it('keeps writes and everything else on the primary', async () => {
    const userId = await issueUserId(t.app);
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(1);
    expect(await replica.db.select({ id: users.id }).from(users)).toEqual([]);
    // The caller's id is checked against the primary, where it was issued, and so is the paper a click names.
    const click = await t.app.inject({
      method: 'POST',
      url: '/api/papers/click/primary.only?platform=arxiv',
      headers: { 'x-user-id': userId },
    });
    expect(click.statusCode).toBe(200);
    expect(await t.db.select().from(paperClicks).where(eq(paperClicks.paperId, 'primary.only'))).toHaveLength(1);
  });
});
