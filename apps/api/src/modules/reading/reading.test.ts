import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingPositions, users } from '../../db/schema';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/reading.md#resume-reading: a reader's place in a paper, over HTTP. */
describe.each(testDrivers())('reading positions (%s)', (driver) => {
  let t: TestApp;
  let ada: { id: number; token: string };
  let bob: { id: number; token: string };
  let paperId: string;
  let herUpload: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    ada = await buildUser(t.db);
    bob = await buildUser(t.db);
    paperId = (await buildPaper(t.db, { title: 'Attention Paper' })).paperId;
    herUpload = (await buildUpload(t.db, { ownerId: ada.id })).paperId;
  });
  afterAll(() => t.close());

  const call = (token: string | null, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? { 'x-user-id': token } : {} });
  const getUrl = (id: string, platform = 'arxiv') =>
    `/api/reading-position?paper_id=${encodeURIComponent(id)}&platform=${platform}`;
  const save = (token: string, body: object) => call(token, 'PUT', '/api/reading-position', body);
  const rowsOf = (userId: number) => t.db.select().from(readingPositions).where(eq(readingPositions.userId, userId));

  it('is null before the first save, then reads back what was saved, replaced by the next save', async () => {
    const before = await call(ada.token, 'GET', getUrl(paperId));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const first = await save(ada.token, { paper_id: paperId, platform: 'arxiv', page: 3, offset: 0.25 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 3, offset: 0.25 });

    const second = await save(ada.token, { paper_id: paperId, platform: 'arxiv', page: 7, offset: 0.4 });
    expect(second.statusCode).toBe(200);
    const read = await call(ada.token, 'GET', getUrl(paperId));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ page: 7, offset: 0.4, updated_at: expect.any(String) });
    expect(await rowsOf(ada.id)).toHaveLength(1);
  });

  it("is the reader's own: another user sees none and their save does not touch it", async () => {
    await save(ada.token, { paper_id: paperId, platform: 'arxiv', page: 5, offset: 0.5 });
    expect((await call(bob.token, 'GET', getUrl(paperId))).json()).toBeNull();
    await save(bob.token, { paper_id: paperId, platform: 'arxiv', page: 1, offset: 0 });
    expect((await call(ada.token, 'GET', getUrl(paperId))).json()).toMatchObject({ page: 5, offset: 0.5 });
    expect((await call(bob.token, 'GET', getUrl(paperId))).json()).toMatchObject({ page: 1, offset: 0 });
  });

  it('keeps a private upload to its owner: for anyone else it is 404, read or write', async () => {
    expect((await save(ada.token, { paper_id: herUpload, platform: 'upload', page: 2, offset: 0.1 })).statusCode).toBe(
      200,
    );
    expect((await call(bob.token, 'GET', getUrl(herUpload, 'upload'))).statusCode).toBe(404);
    const write = await save(bob.token, { paper_id: herUpload, platform: 'upload', page: 1, offset: 0 });
    expect(write.statusCode).toBe(404);
    expect((await rowsOf(bob.id)).filter((row) => row.paperId === herUpload)).toHaveLength(0);
  });

  it('answers 404 for an unknown paper and writes nothing', async () => {
    expect((await call(ada.token, 'GET', getUrl('2999.99999'))).statusCode).toBe(404);
    const write = await save(ada.token, { paper_id: '2999.99999', platform: 'arxiv', page: 1, offset: 0 });
    expect(write.statusCode).toBe(404);
    expect((await rowsOf(ada.id)).some((row) => row.paperId === '2999.99999')).toBe(false);
  });

  it.each([
    { page: 0, offset: 0.5 },
    { page: -2, offset: 0.5 },
    { page: 1.5, offset: 0.5 },
    { page: 100_001, offset: 0.5 },
    { page: 2, offset: -0.1 },
    { page: 2, offset: 1.2 },
    { page: '2', offset: 0.5 },
    { page: 2, offset: null },
  ])('refuses page $page, offset $offset with 400 and writes nothing', async (place) => {
    const before = await rowsOf(ada.id);
    const response = await save(ada.token, { paper_id: paperId, platform: 'arxiv', ...place });
    expect(response.statusCode).toBe(400);
    expect(await rowsOf(ada.id)).toEqual(before);
  });

  it('refuses NUL in the paper id with 400', async () => {
    const response = await save(ada.token, { paper_id: 'a\u0000b', platform: 'arxiv', page: 1, offset: 0 });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(/NUL/);
    expect((await call(ada.token, 'GET', getUrl('a\u0000b'))).statusCode).toBe(400);
  });

  it('needs a user', async () => {
    expect((await call(null, 'GET', getUrl(paperId))).statusCode).toBe(401);
    expect(
      (await call(null, 'PUT', '/api/reading-position', { paper_id: paperId, page: 1, offset: 0 })).statusCode,
    ).toBe(401);
  });

  it('goes with its user', async () => {
    const carol = await buildUser(t.db);
    await save(carol.token, { paper_id: paperId, platform: 'arxiv', page: 4, offset: 0.2 });
    expect(await rowsOf(carol.id)).toHaveLength(1);
    await t.db.delete(users).where(eq(users.id, carol.id));
    expect(await rowsOf(carol.id)).toHaveLength(0);
  });
});
