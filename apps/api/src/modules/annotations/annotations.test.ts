import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotations, paperTexts } from '../../db/schema';
import { buildPeople, buildSharedFolder, type CallArgs, injectAs } from '../../test-support/collaboration';
import {
  buildFolder,
  buildFolderFile,
  buildFolderMember,
  buildPageTexts,
  buildPaper,
  buildUpload,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp, testDrivers } from '../../test-support/test-app';

const PAGES = [
  'Page one. We introduce a model of reading.',
  'Page two. Transformers rely on attention. Attention is all you need, they say.',
  'Page three. Results and discussion.',
];
const quoteOn = (page: number, exact: string) => {
  const text = PAGES[page - 1] as string;
  const start = text.indexOf(exact);
  return {
    quote: {
      exact,
      prefix: text.slice(Math.max(0, start - 10), start),
      suffix: text.slice(start + exact.length, start + exact.length + 10),
    },
    position: { start, end: start + exact.length },
  };
};

/** docs/annotations.md: marks, their bounds, re-anchoring, sharing and export, over HTTP. */
describe.each(testDrivers())('annotations (%s)', (driver) => {
  let t: TestApp;
  let ada: { id: number; token: string; email: string };
  let bob: { id: number; token: string; email: string };
  let eve: { id: number; token: string };
  let paperId: string;
  let herUpload: string;
  let folderId: number;
  let privateFolderId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    [ada, bob] = await buildPeople(t.db, 'Ada', 'Bob');
    eve = await buildUser(t.db);
    paperId = (await buildPaper(t.db, { title: 'Attention Paper', pdfUrl: 'https://arxiv.org/pdf/1706.03762' }))
      .paperId;
    await buildPageTexts(t.db, { paperId }, PAGES);
    herUpload = (await buildUpload(t.db, { ownerId: ada.id })).paperId;
    const folder = await buildSharedFolder(t.db, {
      ownerId: ada.id,
      name: 'Lab',
      members: [{ email: bob.email, role: 'viewer' }],
    });
    await buildFolderFile(t.db, { folderId: folder.id, paper: { paperId } });
    folderId = folder.id;
    privateFolderId = (await buildFolder(t.db, { ownerId: ada.id, name: 'Mine' })).id;
  });
  afterAll(() => t.close());

  const call = (...request: CallArgs) => injectAs(t, ...request);
  const listUrl = (id = paperId, platform = 'arxiv') =>
    `/api/annotations?paper_id=${encodeURIComponent(id)}&platform=${platform}`;
  const rows = () => t.db.select().from(annotations).orderBy(annotations.id);
  const highlight = (overrides: object = {}) => ({
    paper_id: paperId,
    platform: 'arxiv',
    page: 2,
    kind: 'highlight',
    ...quoteOn(2, 'Attention is all you need'),
    rects: [{ x: 0.1, y: 0.2, width: 0.5, height: 0.02 }],
    ...overrides,
  });
  const create = async (token: string, overrides: object = {}) => {
    const response = await call(token, 'POST', '/api/annotations', highlight(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('stores a highlight and answers it whole: selectors, author by name, abilities, anchor', async () => {
    const response = await call(ada.token, 'POST', '/api/annotations', highlight({ note: '  Key claim  ' }));
    expect(response.statusCode, response.body).toBe(201);
    const mark = response.json();
    expect(mark).toEqual({
      id: expect.any(Number),
      paper_id: paperId,
      platform: 'arxiv',
      page: 2,
      kind: 'highlight',
      color: 'yellow',
      note: 'Key claim',
      quote: quoteOn(2, 'Attention is all you need').quote,
      position: quoteOn(2, 'Attention is all you need').position,
      rects: [{ x: 0.1, y: 0.2, width: 0.5, height: 0.02 }],
      folder_id: null,
      author_name: 'Ada',
      is_mine: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      anchor: 'placed',
      abilities: { edit: true, delete: true },
      thread: null,
    });
    expect(response.body).not.toMatch(/ada@example\.org|user_id/);
    const listed = (await call(ada.token, 'GET', listUrl())).json();
    expect(listed.map((m: { id: number }) => m.id)).toContain(mark.id);
    await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`);
  });

  it('stores the other kinds: underline, note, and an area with or without its text', async () => {
    const underline = await create(ada.token, { kind: 'underline', color: 'Blue' });
    expect(underline).toMatchObject({ kind: 'underline', color: 'blue' });
    const note = await create(ada.token, { kind: 'note', color: '#A1B2C3', note: 'Why?' });
    expect(note).toMatchObject({ kind: 'note', color: '#a1b2c3', note: 'Why?' });
    const area = await create(ada.token, { kind: 'area', quote: undefined, position: undefined, page: 3 });
    expect(area).toMatchObject({ kind: 'area', quote: null, position: null, anchor: 'placed', page: 3 });
    const areaWithText = await create(ada.token, { kind: 'area', ...quoteOn(3, 'Results'), page: 3 });
    expect(areaWithText.quote.exact).toBe('Results');
    for (const mark of [underline, note, area, areaWithText]) {
      expect((await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(204);
    }
  });

  // 1 MB of text within BODY_LIMIT reaches the note's bound (400); a body past BODY_LIMIT is 413 (below).
  const tooLong = 'x'.repeat(1_000_000);
  const badInputs: [string, object, RegExp][] = [
    ['a NUL in the note', { note: 'a\u0000b' }, /NUL/],
    ['a NUL in the quote', { quote: { exact: 'At\u0000tention', prefix: '', suffix: '' } }, /NUL/],
    ['a NUL in the prefix', { quote: { exact: 'Attention', prefix: '\u0000', suffix: '' } }, /NUL/],
    ['an empty quote', { quote: { exact: '', prefix: '', suffix: '' } }, /quote\.exact must not be empty/],
    ['a blank quote', { quote: { exact: '   ', prefix: '', suffix: '' } }, /must not be blank/],
    ['a highlight without a quote', { quote: undefined }, /needs a quote/],
    ['a highlight without a position', { position: undefined }, /needs a position/],
    ['a 1 MB note', { note: tooLong }, /note must be at most 10000 characters/],
    ['a 10,001-character note', { note: 'n'.repeat(10_001) }, /at most 10000/],
    ['page 0', { page: 0 }, /page must be 1 or more/],
    ['a page past the paper', { page: 4 }, /page 4 is not in this paper: it has 3 pages/],
    ['a fractional page', { page: 1.5 }, /whole number/],
    ['a position past the page text', { position: { start: 10, end: 500 } }, /outside page 2/],
    ['start equal to end', { position: { start: 5, end: 5 } }, /start must be less than/],
    ['start after end', { position: { start: 9, end: 5 } }, /start must be less than/],
    ['a negative start', { position: { start: -1, end: 5 } }, /must not be negative/],
    ['a rect outside the page', { rects: [{ x: 1.2, y: 0, width: 0.1, height: 0.1 }] }, /within the page/],
    ['a rect running off the page', { rects: [{ x: 0.8, y: 0, width: 0.5, height: 0.1 }] }, /within the page/],
    ['a negative rect', { rects: [{ x: -0.1, y: 0, width: 0.1, height: 0.1 }] }, /within the page/],
    ['an empty rect', { rects: [{ x: 0.1, y: 0.1, width: 0, height: 0.1 }] }, /width and a height/],
    ['an area without rects', { kind: 'area', rects: [] }, /at least one rectangle/],
    ['an unknown kind', { kind: 'scribble' }, /kind/],
    ['an unknown colour', { color: 'chartreuse' }, /color must be one of/],
    ['a private folder', { folder_id: -1 }, /.+/],
  ];
  it.each(badInputs)('refuses %s with a clear 400 and writes nothing', async (_what, overrides, message) => {
    const body =
      (overrides as { folder_id?: number }).folder_id === -1
        ? highlight({ folder_id: privateFolderId })
        : highlight(overrides);
    const before = await rows();
    const response = await call(ada.token, 'POST', '/api/annotations', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message ?? response.body).toMatch(message);
    expect(await rows()).toEqual(before);
  });

  it('answers 404 for a paper the caller cannot read, or that does not exist, and writes nothing', async () => {
    const before = await rows();
    const onHers = highlight({ paper_id: herUpload, platform: 'upload', page: 1, ...quoteOn(1, 'Page one') });
    expect((await call(eve.token, 'POST', '/api/annotations', onHers)).statusCode).toBe(404);
    expect((await call(eve.token, 'GET', listUrl(herUpload, 'upload'))).statusCode).toBe(404);
    expect(
      (
        await call(
          eve.token,
          'GET',
          `${listUrl(herUpload, 'upload')}&format=w3c`.replace('annotations?', 'annotations/export?'),
        )
      ).statusCode,
    ).toBe(404);
    const unknown = highlight({ paper_id: '9999.99999' });
    expect((await call(eve.token, 'POST', '/api/annotations', unknown)).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    // Its uploader marks it (its text is not extracted: only the contract's bounds hold).
    const mine = await create(ada.token, { paper_id: herUpload, platform: 'upload', page: 7 });
    expect(mine.anchor).toBe('placed');
    await call(ada.token, 'DELETE', `/api/annotations/${mine.id}`);
  });

  it('keeps a private mark private: another user neither lists, changes nor deletes it (404, nothing changed)', async () => {
    const mark = await create(ada.token, { note: 'private thought' });
    const before = await rows();
    // Bob is a member of a folder holding the paper: still nothing of Ada's private marks.
    expect((await call(bob.token, 'GET', listUrl())).json()).toEqual([]);
    expect((await call(null, 'GET', listUrl())).json()).toEqual([]);
    const patch = await call(bob.token, 'PATCH', `/api/annotations/${mark.id}`, { color: 'green' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toMatch(`Annotation ${mark.id}`);
    expect((await call(eve.token, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(401);
    expect(await rows()).toEqual(before);
    await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`);
  });

  it('recolours, annotates and clears a note; refuses a bad patch with nothing changed', async () => {
    const mark = await create(ada.token);
    const recoloured = await call(ada.token, 'PATCH', `/api/annotations/${mark.id}`, { color: 'pink', note: 'Later' });
    expect(recoloured.statusCode, recoloured.body).toBe(200);
    expect(recoloured.json()).toMatchObject({ id: mark.id, color: 'pink', note: 'Later', quote: mark.quote });
    expect(Date.parse(recoloured.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(mark.updated_at));
    const cleared = await call(ada.token, 'PATCH', `/api/annotations/${mark.id}`, { note: null });
    expect(cleared.json()).toMatchObject({ color: 'pink', note: null });
    const before = await rows();
    for (const bad of [{}, { note: 'a\u0000' }, { note: tooLong }, { color: 'plaid' }, { page: 3 }]) {
      const response = await call(ada.token, 'PATCH', `/api/annotations/${mark.id}`, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await rows()).toEqual(before);
    expect((await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(204);
    expect((await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(404);
    expect((await call(ada.token, 'PATCH', `/api/annotations/${mark.id}`, { color: 'blue' })).statusCode).toBe(404);
  });

  it('re-anchors a mark by its quote when the page text changes, and never drops one it cannot place', async () => {
    const mark = await create(ada.token);
    const setPage2 = (text: string) =>
      t.db
        .update(paperTexts)
        .set({ pages: [PAGES[0] as string, text, PAGES[2] as string] })
        .where(eq(paperTexts.paperId, paperId));
    const find = async () =>
      ((await call(ada.token, 'GET', listUrl())).json() as { id: number }[]).find(
        (m) => m.id === mark.id,
      ) as unknown as {
        anchor: string;
        position: { start: number; end: number };
      };
    try {
      const drifted = `Running head, re-extracted. ${PAGES[1]}`;
      await setPage2(drifted);
      const moved = await find();
      expect(moved.anchor).toBe('moved');
      expect(drifted.slice(moved.position.start, moved.position.end)).toBe('Attention is all you need');
      await setPage2('Page two, entirely rewritten: nothing of the old words.');
      const orphaned = await find();
      expect(orphaned).toMatchObject({ anchor: 'orphaned', position: mark.position });
      // A page the re-extraction no longer has: listed, not placed.
      await t.db
        .update(paperTexts)
        .set({ pages: [PAGES[0] as string] })
        .where(eq(paperTexts.paperId, paperId));
      expect((await find()).anchor).toBe('orphaned');
    } finally {
      await t.db.update(paperTexts).set({ pages: PAGES }).where(eq(paperTexts.paperId, paperId));
    }
    expect((await find()).anchor).toBe('placed');
    await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`);
  });

  it('exports Markdown grouped by page with quotes and notes, and W3C Web Annotation JSON-LD', async () => {
    const one = await create(ada.token, { page: 1, ...quoteOn(1, 'a model of reading'), note: 'Main idea' });
    const two = await create(ada.token, { color: 'green' });
    const area = await create(ada.token, { kind: 'area', page: 3, quote: undefined, position: undefined });
    const exportUrl = (format: string) => `/api/annotations/export?paper_id=${paperId}&platform=arxiv&format=${format}`;
    const markdown = await call(ada.token, 'GET', exportUrl('markdown'));
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
    expect(markdown.headers['content-disposition']).toMatch(/attachment/);
    const md = markdown.body;
    expect(md).toContain('# Annotations: Attention Paper');
    expect(md.indexOf('## Page 1')).toBeLessThan(md.indexOf('> a model of reading'));
    expect(md.indexOf('> a model of reading')).toBeLessThan(md.indexOf('Main idea'));
    expect(md.indexOf('Main idea')).toBeLessThan(md.indexOf('## Page 2'));
    expect(md.indexOf('## Page 2')).toBeLessThan(md.indexOf('> Attention is all you need'));
    expect(md).toContain('## Page 3');
    expect(md).toContain('*Highlight · green · Ada*');

    const w3c = await call(ada.token, 'GET', exportUrl('w3c'));
    expect(w3c.statusCode).toBe(200);
    expect(w3c.headers['content-type']).toMatch(/^application\/ld\+json/);
    const collection = JSON.parse(w3c.body);
    expect(collection).toMatchObject({
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'AnnotationCollection',
      total: 3,
    });
    const items = collection.first.items;
    expect(items[0]).toMatchObject({
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'Annotation',
      motivation: 'commenting',
      creator: { name: 'Ada' },
      body: [
        { type: 'TextualBody', purpose: 'commenting', value: 'Main idea' },
        { purpose: 'tagging', value: 'yellow' },
      ],
      target: {
        source: 'https://export.arxiv.org/pdf/1706.03762',
        selector: [
          { type: 'FragmentSelector', value: 'page=1' },
          { type: 'TextQuoteSelector', exact: 'a model of reading' },
          { type: 'TextPositionSelector', ...quoteOn(1, 'a model of reading').position },
          { type: 'FragmentSelector', value: 'xywh=percent:10,20,50,2' },
        ],
      },
    });
    expect(items[2].target.selector.map((s: { type: string }) => s.type)).toEqual([
      'FragmentSelector',
      'FragmentSelector',
    ]);
    expect((await call(ada.token, 'GET', exportUrl('pdf'))).statusCode).toBe(400);
    for (const mark of [one, two, area]) await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`);
  });

  it('counts the marks each paper has for the caller, leaving out papers they cannot read', async () => {
    const mark = await create(ada.token);
    const url = `/api/annotations/counts?papers=arxiv:${paperId},upload:${herUpload},arxiv:1234.5678`;
    expect((await call(ada.token, 'GET', url)).json()).toEqual([
      { platform: 'arxiv', paper_id: paperId, annotation_count: 1, mine_count: 1, unread_count: 0 },
      { platform: 'upload', paper_id: herUpload, annotation_count: 0, mine_count: 0, unread_count: 0 },
    ]);
    expect((await call(eve.token, 'GET', url)).json()).toEqual([
      { platform: 'arxiv', paper_id: paperId, annotation_count: 0, mine_count: 0, unread_count: 0 },
    ]);
    expect((await call(eve.token, 'GET', '/api/annotations/counts?papers=nocolon')).statusCode).toBe(400);
    await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`);
  });

  it('shares a mark with a folder: members read it by its author name, the owner moderates, strangers get nothing', async () => {
    const mark = await create(ada.token, { folder_id: folderId, note: 'For the lab' });
    expect(mark.folder_id).toBe(folderId);
    const asBob = (await call(bob.token, 'GET', listUrl())).json();
    expect(asBob).toEqual([
      expect.objectContaining({
        id: mark.id,
        author_name: 'Ada',
        is_mine: false,
        abilities: { edit: false, delete: false },
      }),
    ]);
    expect((await call(eve.token, 'GET', listUrl())).json()).toEqual([]);
    expect((await call(null, 'GET', listUrl())).json()).toEqual([]);
    const before = await rows();
    // A viewer reads: changing or deleting another's shared mark is 403; sharing one's own mark into a folder
    // where one only views is 403 too; a stranger's folder is 404.
    expect((await call(bob.token, 'PATCH', `/api/annotations/${mark.id}`, { note: 'mine now' })).statusCode).toBe(403);
    expect((await call(bob.token, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(403);
    expect((await call(bob.token, 'POST', '/api/annotations', highlight({ folder_id: folderId }))).statusCode).toBe(
      403,
    );
    expect((await call(eve.token, 'POST', '/api/annotations', highlight({ folder_id: folderId }))).statusCode).toBe(
      404,
    );
    expect(await rows()).toEqual(before);

    // While the folder is public, anyone reads it, signed in or not.
    await shareFolder(t.db, folderId, { isPublic: true });
    expect((await call(null, 'GET', listUrl())).json()).toEqual([
      expect.objectContaining({ id: mark.id, author_name: 'Ada' }),
    ]);
    await shareFolder(t.db, folderId, { isPublic: false });

    // A commenter's own shared mark: the owner moderates it (deletes), nobody else edits it.
    await t.db.update((await import('../../db/schema')).folderMembers).set({ role: 'commenter' });
    const bobs = await create(bob.token, { folder_id: folderId, color: 'purple' });
    const asAda = ((await call(ada.token, 'GET', listUrl())).json() as { id: number }[]).find((m) => m.id === bobs.id);
    expect(asAda).toMatchObject({ author_name: 'Bob', is_mine: false, abilities: { edit: false, delete: true } });
    expect((await call(ada.token, 'PATCH', `/api/annotations/${bobs.id}`, { color: 'blue' })).statusCode).toBe(403);
    expect((await call(ada.token, 'DELETE', `/api/annotations/${bobs.id}`)).statusCode).toBe(204);

    // Unsharing it again hides it; so does losing the role.
    await call(ada.token, 'PATCH', `/api/annotations/${mark.id}`, { folder_id: null });
    expect((await call(bob.token, 'GET', listUrl())).json()).toEqual([]);
    await call(ada.token, 'PATCH', `/api/annotations/${mark.id}`, { folder_id: folderId });
    expect((await call(bob.token, 'GET', listUrl())).json()).toHaveLength(1);
    await t.db.delete((await import('../../db/schema')).folderMembers);
    expect((await call(bob.token, 'GET', listUrl())).json()).toEqual([]);
    expect((await call(bob.token, 'DELETE', `/api/annotations/${mark.id}`)).statusCode).toBe(404);
    await buildFolderMember(t.db, { folderId, email: bob.email, role: 'viewer' });
    await call(ada.token, 'DELETE', `/api/annotations/${mark.id}`);
  });

  it('needs a user to write, and refuses a body past BODY_LIMIT (413), writing nothing', async () => {
    const before = await rows();
    expect((await call(null, 'POST', '/api/annotations', highlight())).statusCode).toBe(401);
    const huge = await call(ada.token, 'POST', '/api/annotations', highlight({ note: 'x'.repeat(1024 * 1024 + 1) }));
    expect(huge.statusCode).toBe(413);
    expect(await rows()).toEqual(before);
  });
});

/** docs/annotations.md#limits: the per-user quota, under its lock (409, nothing written), and the `annotation` budget. */
describe.each(pgliteOnly())('annotation quota and budget (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      seed: false,
      env: { USER_ANNOTATION_QUOTA: '2', RATE_LIMIT_ANNOTATION_PER_MINUTE: '6' },
    });
  });
  afterAll(() => t.close());

  it('refuses the mark past USER_ANNOTATION_QUOTA with 409, and a deletion makes room', async () => {
    const user = await buildUser(t.db);
    const paperId = (await buildPaper(t.db)).paperId;
    const body = {
      paper_id: paperId,
      platform: 'arxiv',
      page: 1,
      kind: 'highlight',
      quote: { exact: 'x' },
      position: { start: 0, end: 1 },
    };
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/annotations', payload: body, headers: { 'x-user-id': user.token } });
    const first = (await post()).json();
    expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/USER_ANNOTATION_QUOTA/);
    expect((await t.db.select({ n: count() }).from(annotations))[0]?.n).toBe(2);
    await t.app.inject({ method: 'DELETE', url: `/api/annotations/${first.id}`, headers: { 'x-user-id': user.token } });
    expect((await post()).statusCode).toBe(201);
  });

  it('counts creating, changing and deleting marks against the `annotation` budget (429, nothing written)', async () => {
    const user = await buildUser(t.db);
    const paperId = (await buildPaper(t.db)).paperId;
    const before = await t.db.select().from(annotations);
    // Seven changes against a budget of six (whatever this file spent before): the last ones are refused.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/annotations/999999',
        payload: { color: 'green' },
        headers: { 'x-user-id': user.token },
      });
      statuses.push(patch.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses)).toEqual(new Set(statuses.includes(404) ? [404, 429] : [429]));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/annotations',
      payload: { paper_id: paperId, page: 1, kind: 'area', rects: [{ x: 0, y: 0, width: 1, height: 1 }] },
      headers: { 'x-user-id': user.token },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/annotation changes/);
    expect(await t.db.select().from(annotations)).toEqual(before);
  });
});
