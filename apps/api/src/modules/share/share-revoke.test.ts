import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedListPapers, sharedLists } from '../../db/schema';
import { buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/security.md#taking-things-back: the creator revokes a share link; it is 404 afterwards; nobody else can revoke it. */
describe.each(testDrivers())('DELETE /api/share/{id} (%s)', (driver) => {
  let t: TestApp;
  let creator: string;
  let paperId: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    creator = (await buildUser(t.db)).token;
    paperId = (await buildPaper(t.db)).paperId;
  });
  afterAll(() => t.close());

  const createLink = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/share',
      payload: { files: [paperId] },
      headers: { 'x-user-id': creator },
    });
    return response.json().share_id as string;
  };
  const revoke = (shareId: string, who?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/share/${shareId}`, headers: who ? { 'x-user-id': who } : {} });
  const rowsOf = async (shareId: string) => [
    (await t.db.select({ n: count() }).from(sharedLists).where(eq(sharedLists.shareId, shareId)))[0]?.n,
    (await t.db.select({ n: count() }).from(sharedListPapers).where(eq(sharedListPapers.shareId, shareId)))[0]?.n,
  ];

  it('lets the creator revoke a link: 204, then the link (and its import) answer 404', async () => {
    const shareId = await createLink();
    expect((await t.app.inject({ url: `/api/share/${shareId}` })).statusCode).toBe(200);
    expect((await revoke(shareId, creator)).statusCode).toBe(204);
    const read = await t.app.inject({ url: `/api/share/${shareId}` });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'NOT_FOUND', message: `Shared list ${shareId} not found` });
    const importer = (await buildUser(t.db)).token;
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/share/${shareId}/import`,
      payload: { mode: 'merge' },
      headers: { 'x-user-id': importer },
    });
    expect(imported.statusCode).toBe(404);
    expect(await rowsOf(shareId)).toEqual([0, 0]);
    expect((await revoke(shareId, creator)).statusCode).toBe(404);
  });

  it('answers anyone else like an unknown link (404) and the link keeps working', async () => {
    const shareId = await createLink();
    const stranger = (await buildUser(t.db)).token;
    const response = await revoke(shareId, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `Shared list ${shareId} not found` });
    const unknown = await revoke('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', stranger);
    expect(unknown.statusCode).toBe(404);
    expect((await revoke(shareId)).statusCode).toBe(401);
    expect((await revoke('not a share id!', creator)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/share/${shareId}` })).statusCode).toBe(200);
    expect(await rowsOf(shareId)).toEqual([1, 1]);
  });
});
