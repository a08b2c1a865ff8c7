import type { TSharedList } from '@paperbench/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedListPapers, sharedLists } from '../../db/schema';
import { buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('shared paper lists (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    token = (await buildUser(t.db)).token;
  });
  afterAll(() => t.close());

  const share = (files: unknown, headers: Record<string, string> = { 'x-user-id': token }) =>
    t.app.inject({ method: 'POST', url: '/api/share', payload: { files }, headers });
  const countRows = async () => {
    const [lists] = await t.db.select({ n: count() }).from(sharedLists);
    const [rows] = await t.db.select({ n: count() }).from(sharedListPapers);
    return [lists?.n, rows?.n];
  };

  it('shares bare ids and refs, keeps the order, drops repeats, and anyone with the link reads it', async () => {
    const first = await buildPaper(t.db, { title: 'First' });
    const second = await buildPaper(t.db, { platform: 'acl', paperId: 'P20-2002', title: 'Second' });
    const created = await share([
      first.paperId,
      { paper_id: 'P20-2002', platform: 'acl' },
      { paper_id: first.paperId },
    ]);
    expect(created.statusCode).toBe(201);
    const { share_id } = created.json();
    expect(share_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // requirements §6: no X-User-ID needed to follow a link.
    const read = await t.app.inject({ url: `/api/share/${share_id}` });
    expect(read.statusCode).toBe(200);
    const list = read.json() as TSharedList;
    expect(list.share_id).toBe(share_id);
    expect(list.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(list.papers.map((p) => [p.platform, p.paper_id, p.title])).toEqual([
      ['arxiv', first.paperId, 'First'],
      ['acl', second.paperId, 'Second'],
    ]);
    expect(list.papers[0]).toMatchObject({ authors: ['Ada Lovelace'], categories: ['cs.DL'], pdf_url: null });
  });

  it('gives every share a different id', async () => {
    const paper = await buildPaper(t.db);
    const ids = await Promise.all([1, 2, 3].map(async () => (await share([paper.paperId])).json().share_id));
    expect(new Set(ids).size).toBe(3);
  });

  it("refuses an empty list with 400 'No files to share'", async () => {
    const response = await share([]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'INVALID_REQUEST',
      message: expect.stringContaining('No files to share'),
    });
  });

  it('refuses a list with an unknown paper with 404 naming the first, and writes nothing', async () => {
    const known = await buildPaper(t.db);
    const before = await countRows();
    const response = await share([known.paperId, 'missing.1', 'missing.2']);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Paper arxiv/missing.1 not found' });
    expect(await countRows()).toEqual(before);
  });

  it.each([
    ['files that are not a list', 'abc'],
    ['a blank paper id', ['  ']],
    ['more than 500 files', Array.from({ length: 501 }, (_, i) => `x.${i}`)],
  ])('refuses %s with 400', async (_label, files) => {
    expect((await share(files)).statusCode).toBe(400);
  });

  it('refuses to create a list without X-User-ID (401)', async () => {
    expect((await share(['x'], {})).statusCode).toBe(401);
  });

  it('answers 404 for an unknown share id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ url: `/api/share/${'A'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'NOT_FOUND', message: `Shared list ${'A'.repeat(32)} not found` });
    for (const id of ['short', 'has!bang-and-enough-characters', 'x'.repeat(65)]) {
      const response = await t.app.inject({ url: `/api/share/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
    }
  });
});
