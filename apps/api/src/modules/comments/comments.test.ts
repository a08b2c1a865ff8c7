import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderComments, paperComments } from '../../db/schema';
import { buildPeople, buildSharedFolder, type CallArgs, injectAs } from '../../test-support/collaboration';
import { buildFolder, buildNamedUser, buildPaper, buildUser, shareFolder } from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/collaboration.md: comment text, authors, replies and deletion, on papers and shared folders. */
describe.each(testDrivers())('comments (%s)', (driver) => {
  let t: TestApp;
  let ada: { id: number; token: string; email: string };
  let bob: { id: number; token: string; email: string };
  let anon: { id: number; token: string };
  let folderId: number;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    [ada, bob] = await buildPeople(t.db, 'Ada', 'Bob');
    anon = await buildUser(t.db);
    folderId = (
      await buildSharedFolder(t.db, {
        ownerId: ada.id,
        isPublic: true,
        members: [{ email: bob.email, role: 'commenter' }],
      })
    ).id;
    paperId = (await buildPaper(t.db)).paperId;
  });
  afterAll(() => t.close());

  const call = (...request: CallArgs) => injectAs(t, ...request);
  const counts = async () => ({
    folder: (await t.db.select({ n: count() }).from(folderComments))[0]?.n,
    paper: (await t.db.select({ n: count() }).from(paperComments))[0]?.n,
  });

  it('stores plain text as sent (trimmed) and names the author by name or Anonymous, never by id or email', async () => {
    const text = '  <b>Bold?</b> & "quotes" — ünïcode 🙂  ';
    const byBob = await call(bob.token, 'POST', '/api/comments/shared', { folderId, content: text });
    expect(byBob.statusCode).toBe(201);
    const comment = byBob.json();
    expect(comment).toEqual({
      id: expect.any(Number),
      folderId,
      content: '<b>Bold?</b> & "quotes" — ünïcode 🙂',
      author_name: 'Bob',
      is_mine: true,
      created_at: expect.any(String),
      parent_id: null,
      abilities: { delete: true },
    });
    expect(byBob.body).not.toContain('bob@example.org');
    const onPaper = await call(anon.token, 'POST', '/api/comments/paper', { paperId, content: 'Anonymous note' });
    expect(onPaper.statusCode).toBe(201);
    expect(onPaper.json()).toMatchObject({ author_name: 'Anonymous', is_mine: true, paperId, platform: 'arxiv' });
    // As others see them: not theirs; the folder's owner may delete (moderate), a stranger may not.
    const asAda = (await call(ada.token, 'GET', `/api/comments/shared/${folderId}`)).json();
    expect(asAda.find((c: { id: number }) => c.id === comment.id)).toMatchObject({
      is_mine: false,
      abilities: { delete: true },
    });
    const asNobody = (await call(null, 'GET', `/api/comments/shared/${folderId}`)).json();
    expect(asNobody.find((c: { id: number }) => c.id === comment.id)).toMatchObject({
      author_name: 'Bob',
      is_mine: false,
      abilities: { delete: false },
    });
    for (const body of [asAda, asNobody]) {
      expect(JSON.stringify(body)).not.toMatch(/author_id|bob@example\.org/);
    }
    const paperList = (await call(ada.token, 'GET', `/api/comments/paper/${paperId}?platform=arxiv`)).json();
    expect(paperList.at(-1)).toMatchObject({ author_name: 'Anonymous', is_mine: false, abilities: { delete: false } });
  });

  it.each([
    ['a NUL character', 'before\u0000after', 'contains a NUL character'],
    ['an empty text', '', 'content must not be empty'],
    ['only spaces', '   \n\t ', 'content must not be empty'],
    ['10,001 characters', 'x'.repeat(10_001), 'content must be at most 10000 characters'],
  ])('refuses %s with 400 and writes nothing', async (_label, content, message) => {
    const before = await counts();
    for (const [url, body] of [
      ['/api/comments/shared', { folderId, content }],
      ['/api/comments/paper', { paperId, content }],
    ] as const) {
      const response = await call(bob.token, 'POST', url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
      expect(response.body).toContain(message.split(' ').at(-1));
    }
    expect(await counts()).toEqual(before);
  });

  it('takes 10,000 characters', async () => {
    const response = await call(bob.token, 'POST', '/api/comments/paper', { paperId, content: 'y'.repeat(10_000) });
    expect(response.statusCode).toBe(201);
  });

  it('takes one level of replies and refuses a reply to a reply, or to a comment elsewhere, with 400', async () => {
    const top = (await call(ada.token, 'POST', '/api/comments/shared', { folderId, content: 'Top' })).json();
    const reply = await call(bob.token, 'POST', '/api/comments/shared', { folderId, content: 'Re', parent_id: top.id });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().parent_id).toBe(top.id);
    const other = await buildFolder(t.db, { ownerId: ada.id });
    await shareFolder(t.db, other.id);
    const before = await counts();
    const refusals: [string, object, string][] = [
      [
        '/api/comments/shared',
        { folderId, content: 'Re re', parent_id: reply.json().id },
        `parent_id ${reply.json().id} is itself a reply: reply to the comment it answers (one level of replies)`,
      ],
      [
        '/api/comments/shared',
        { folderId: other.id, content: 'Elsewhere', parent_id: top.id },
        `parent_id ${top.id}: there is no such comment on folder ${other.id} to reply to`,
      ],
      [
        '/api/comments/shared',
        { folderId, content: 'Missing', parent_id: 999_999 },
        `parent_id 999999: there is no such comment on folder ${folderId} to reply to`,
      ],
    ];
    const paperTop = (await call(ada.token, 'POST', '/api/comments/paper', { paperId, content: 'P' })).json();
    const paperReply = (
      await call(bob.token, 'POST', '/api/comments/paper', { paperId, content: 'PR', parent_id: paperTop.id })
    ).json();
    expect(paperReply.parent_id).toBe(paperTop.id);
    const otherPaper = await buildPaper(t.db);
    refusals.push(
      [
        '/api/comments/paper',
        { paperId, content: 'PRR', parent_id: paperReply.id },
        `parent_id ${paperReply.id} is itself a reply: reply to the comment it answers (one level of replies)`,
      ],
      [
        '/api/comments/paper',
        { paperId: otherPaper.paperId, content: 'X', parent_id: paperTop.id },
        `parent_id ${paperTop.id}: there is no such comment on Paper arxiv/${otherPaper.paperId} to reply to`,
      ],
    );
    const afterSetup = await counts();
    expect(afterSetup.paper).toBe((before.paper ?? 0) + 2);
    for (const [url, body, message] of refusals) {
      const response = await call(ada.token, 'POST', url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'INVALID_REQUEST', message });
    }
    expect(await counts()).toEqual(afterSetup);
    // Deleting the top-level comment takes its replies with it.
    expect((await call(ada.token, 'DELETE', `/api/comments/paper/${paperTop.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(paperComments).where(eq(paperComments.id, paperReply.id))).toEqual([]);
  });

  it('refuses a comment on a paper that does not exist (404) and one without X-User-ID (401)', async () => {
    const before = await counts();
    const missing = await call(ada.token, 'POST', '/api/comments/paper', { paperId: 'nope.0000', content: 'Hi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Paper arxiv/nope.0000 not found');
    expect((await call(ada.token, 'GET', '/api/comments/paper/nope.0000')).statusCode).toBe(404);
    const anonymous = await call(null, 'POST', '/api/comments/paper', { paperId, content: 'Hi' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/comments/paper/${paperId}`)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('answers a comment id that does not exist with 404', async () => {
    for (const url of ['/api/comments/shared/999999', '/api/comments/paper/999999']) {
      const response = await call(ada.token, 'DELETE', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Comment 999999 not found');
    }
  });
});

describe.each(pgliteOnly())('comment budgets (%s)', (driver) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('counts comment writes against their own per-minute budget (429), apart from other writes', async () => {
    t = await createTestApp(driver, { seed: false, env: { RATE_LIMIT_COMMENT_PER_MINUTE: '2' } });
    const user = await buildUser(t.db);
    const paper = await buildPaper(t.db);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/comments/paper',
        headers: { 'x-user-id': user.token },
        payload: { paperId: paper.paperId, content: 'Again' },
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', details: { budget: 'comment' } });
    expect(refused.json().message).toMatch(/^Too many comment changes: at most 2 a minute/);
    const [row] = await t.db.select({ n: count() }).from(paperComments);
    expect(row?.n).toBe(2);
    // Other writes keep their own budget.
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders/',
      headers: { 'x-user-id': user.token },
      payload: { name: 'Still fine' },
    });
    expect(folder.statusCode).toBe(201);
  });
});

describe.each(testDrivers())('the daily comment quota (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { USER_COMMENT_QUOTA_PER_DAY: '3' } });
  });
  afterAll(() => t.close());

  it('refuses a user’s comment past USER_COMMENT_QUOTA_PER_DAY (papers and folders together) with 429', async () => {
    const ada = await buildNamedUser(t.db, { email: 'quota@example.org', name: 'Q' });
    const folder = await buildFolder(t.db, { ownerId: ada.id });
    await shareFolder(t.db, folder.id);
    const paper = await buildPaper(t.db);
    const headers = { 'x-user-id': ada.token };
    const onPaper = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/comments/paper',
        headers,
        payload: { paperId: paper.paperId, content: 'p' },
      });
    const onFolder = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/comments/shared',
        headers,
        payload: { folderId: folder.id, content: 'f' },
      });
    expect((await onPaper()).statusCode).toBe(201);
    expect((await onFolder()).statusCode).toBe(201);
    expect((await onPaper()).statusCode).toBe(201);
    for (const refused of [await onFolder(), await onPaper()]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'TOO_MANY_REQUESTS',
        message: 'You have written 3 comments in the last 24 hours, the most allowed: please try again later',
        details: { quota: 3 },
      });
    }
    const total = async () =>
      ((await t.db.select({ n: count() }).from(paperComments))[0]?.n ?? 0) +
      ((await t.db.select({ n: count() }).from(folderComments))[0]?.n ?? 0);
    expect(await total()).toBe(3);
    // Another user is not held by Ada's count; and comments older than a day no longer count.
    const other = await buildUser(t.db);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/comments/paper',
      headers: { 'x-user-id': other.token },
      payload: { paperId: paper.paperId, content: 'mine' },
    });
    expect(theirs.statusCode).toBe(201);
    await t.db
      .update(paperComments)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(paperComments.authorId, ada.id));
    expect((await onFolder()).statusCode).toBe(201);
  });
});
