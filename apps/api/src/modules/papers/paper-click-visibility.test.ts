import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperClicks } from '../../db/schema';
import { buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/security.md#taking-things-back: a click on someone else's upload answers exactly like a click on an unknown id. */
describe.each(testDrivers())('POST /api/papers/click/{id} on uploads (%s)', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let paperId: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    owner = await buildUser(t.db);
    paperId = (await buildUpload(t.db, { ownerId: owner.id })).paperId;
  });
  afterAll(() => t.close());

  const click = (id: string, who?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/papers/click/${id}?platform=upload`,
      headers: who ? { 'x-user-id': who } : {},
    });
  const clicksOn = (id: string) =>
    t.db
      .select()
      .from(paperClicks)
      .where(and(eq(paperClicks.platform, 'upload'), eq(paperClicks.paperId, id)));

  it("refuses a stranger's and an anonymous click on someone else's upload like an unknown id, writing nothing", async () => {
    const stranger = (await buildUser(t.db)).token;
    const unknown = await click('up-unknown', stranger);
    expect(unknown.statusCode).toBe(404);
    for (const who of [stranger, undefined]) {
      const response = await click(paperId, who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `Paper upload/${paperId} not found` });
      expect(Object.keys(response.json())).toEqual(Object.keys(unknown.json()));
    }
    expect(await clicksOn(paperId)).toEqual([]);
  });

  it("records the owner's click on their own upload", async () => {
    expect((await click(paperId, owner.token)).statusCode).toBe(200);
    expect(await clicksOn(paperId)).toHaveLength(1);
  });
});
