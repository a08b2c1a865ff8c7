import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, papers, zoteroSyncs } from '../../../db/schema';
import { buildFolder, buildPaper, buildUser } from '../../../test-support/factories';
import { type FakeZotero, startFakeZotero } from '../../../test-support/fake-zotero';
import { createTestApp, type TestApp, testDrivers } from '../../../test-support/test-app';

const KEY = 'goodkey0123456789abcdefgh';

/** POST /api/folders/{id}/import/zotero against a local fake of the Zotero Web API v3. */
describe.each(testDrivers())('Zotero import (%s)', (driver) => {
  let t: TestApp;
  let zotero: FakeZotero;
  let owner: { id: number; token: string };

  const importZotero = (folderId: number, body: Record<string, unknown>, token = owner.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/import/zotero`,
      payload: { library_type: 'user', library_id: '12345', api_key: KEY, ...body },
      headers: { 'x-user-id': token },
    });
  const item = (n: number, version = 1) => ({
    version,
    csl: {
      id: `12345/ITEM${String(n).padStart(4, '0')}`,
      type: 'article-journal',
      title: `Zotero paper number ${n}`,
      author: [{ family: 'Roe', given: 'Jane' }],
      issued: { 'date-parts': [[2020, 5]] },
    },
  });
  const rows = async () => ({
    files: (await t.db.select({ n: count() }).from(folderFiles))[0]?.n,
    syncs: (await t.db.select({ n: count() }).from(zoteroSyncs))[0]?.n,
  });

  beforeAll(async () => {
    zotero = await startFakeZotero();
    t = await createTestApp(driver, { seed: false, env: { ZOTERO_API_BASE_URL: zotero.baseUrl } });
    owner = await buildUser(t.db);
    await buildPaper(t.db, { paperId: '1706.03762', title: 'Attention Is All You Need', authors: ['Ashish Vaswani'] });
  });
  afterAll(async () => {
    await t.close();
    await zotero.close();
  });

  it('reads a library over two pages, then re-syncs only what changed since', async () => {
    const folderId = (await buildFolder(t.db, { ownerId: owner.id })).id;
    zotero.items = Array.from({ length: 149 }, (_, i) => item(i + 1));
    // An arXiv preprint as Zotero writes it: the id only in the URL and the arXiv DOI.
    zotero.items.push({
      version: 1,
      csl: {
        id: '12345/ARXIV001',
        type: 'article',
        title: 'Attention Is All You Need',
        URL: 'http://arxiv.org/abs/1706.03762',
        DOI: '10.48550/arXiv.1706.03762',
      },
    });
    zotero.version = 7;
    zotero.requests = [];
    const first = await importZotero(folderId, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      added: 150,
      matched: 1,
      metadata_only: 149,
      duplicates: 0,
      rejected: [],
      library_version: 7,
    });
    expect(zotero.requests.map((url) => url.searchParams.get('start'))).toEqual(['0', '100']);
    expect(zotero.requests[0]?.pathname).toBe('/users/12345/items/top');
    expect(zotero.requests[0]?.searchParams.get('format')).toBe('csljson');
    expect(zotero.requests[0]?.searchParams.has('since')).toBe(false);

    // One item changed and one added in version 8: the second import asks since=7 and gets those two.
    zotero.items[0] = { ...item(1, 8), csl: { ...item(1).csl, title: 'Zotero paper number 1, revised' } };
    zotero.items.push(item(500, 8));
    zotero.version = 8;
    zotero.requests = [];
    const second = await importZotero(folderId, {});
    expect(second.statusCode).toBe(200);
    expect(zotero.requests.map((url) => `${url.pathname}?since=${url.searchParams.get('since')}`)).toEqual([
      '/users/12345/items/top?since=7',
      '/users/12345/deleted?since=7',
    ]);
    // The changed item is the paper it made the first time, updated in place; the new one is a new paper.
    expect(second.json()).toEqual({
      added: 1,
      matched: 0,
      metadata_only: 1,
      duplicates: 0,
      updated: 1,
      removed: 0,
      rejected: [],
      library_version: 8,
    });
    const titles = (await t.db.select({ title: papers.title }).from(papers)).map((row) => row.title);
    expect(titles).toContain('Zotero paper number 1, revised');
    expect(titles).not.toContain('Zotero paper number 1');

    // Item 2 deleted in Zotero in version 9: the next sync takes its paper out of the folder, and the
    // paper stays the user's (as an upload taken out of a folder does).
    zotero.items.splice(1, 1);
    zotero.deleted.push({ key: 'ITEM0002', version: 9 });
    zotero.version = 9;
    const inFolder = async () =>
      (
        await t.db
          .select({ title: papers.title })
          .from(folderFiles)
          .innerJoin(papers, eq(papers.paperId, folderFiles.paperId))
          .where(eq(folderFiles.folderId, folderId))
      ).map((row) => row.title);
    expect(await inFolder()).toContain('Zotero paper number 2');
    const third = await importZotero(folderId, {});
    expect(third.json()).toMatchObject({ added: 0, removed: 1, library_version: 9 });
    expect(await inFolder()).not.toContain('Zotero paper number 2');
    expect((await t.db.select().from(papers).where(eq(papers.title, 'Zotero paper number 2'))).length).toBe(1);
    // Asked again with nothing new: nothing more to take out.
    expect((await importZotero(folderId, {})).json()).toMatchObject({ added: 0, removed: 0 });

    // The same library into another folder: the same papers, none made twice.
    const otherFolder = (await buildFolder(t.db, { ownerId: owner.id })).id;
    const fourth = await importZotero(otherFolder, {});
    expect(fourth.json()).toMatchObject({ added: 150, matched: 150, metadata_only: 0 });
  });

  it('names a bad key, an unknown library and a throttled API, and writes nothing', async () => {
    const folderId = (await buildFolder(t.db, { ownerId: owner.id })).id;
    const before = await rows();
    const badKey = await importZotero(folderId, { api_key: 'wrongkey0123456789' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toMatch(/Zotero refused the API key/);
    expect(badKey.json().message).not.toContain('wrongkey');
    const unknown = await importZotero(folderId, { library_type: 'group', library_id: '999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/Zotero has no library or collection groups\/999/);
    zotero.failWith = { status: 429, headers: { 'retry-after': '30' } };
    const throttled = await importZotero(folderId, {});
    zotero.failWith = { status: 500 };
    const broken = await importZotero(folderId, {});
    zotero.failWith = null;
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/try again in 30 s/);
    expect(broken.statusCode).toBe(502);
    expect(await rows()).toEqual(before);
  });

  it('rejects an item with a NUL in a field, naming it, and imports the rest', async () => {
    const folderId = (await buildFolder(t.db, { ownerId: owner.id })).id;
    zotero.items = [item(900), { version: 1, csl: { id: '12345/NULITEM1', type: 'book', title: 'Bad\u0000title' } }];
    const response = await importZotero(folderId, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      added: 1,
      rejected: [{ entry: '12345/NULITEM1', reason: 'a field holds a NUL character' }],
    });
  });

  it("refuses a malformed request and a stranger's folder before calling Zotero", async () => {
    const folderId = (await buildFolder(t.db, { ownerId: owner.id })).id;
    zotero.requests = [];
    expect((await importZotero(folderId, { library_id: '12a' })).statusCode).toBe(400);
    const stranger = await buildUser(t.db);
    expect((await importZotero(folderId, {}, stranger.token)).statusCode).toBe(404);
    expect(zotero.requests).toEqual([]);
  });
});
