import type { TReviewFile } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, reviewFiles } from '../../db/schema';
import {
  buildFolder,
  buildFolderFile,
  buildPaper,
  buildUpload,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import { type MultipartPart, multipartBody } from '../../test-support/multipart';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart } from '../../test-support/uploads';
import { REVIEW_LIMITS } from './review-limits';
import { reviewClient, reviewState } from './review-test-support';

describe.each(testDrivers())('review session files (%s)', (driver) => {
  let t: TestApp;
  let client: ReturnType<typeof reviewClient>;
  let naacl: Buffer;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    client = reviewClient(t);
    naacl = await readPdfFixture(NAACL_PDF);
  });
  afterAll(() => t.close());

  const ids = (files: TReviewFile[]) => files.map((file) => file.paper_id);

  it('attaches readable papers (idempotent), lists them in order, and makes them graph nodes', async () => {
    const { call, createSession, addFiles, graph } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token);
    // Ids that sort the other way round: the files keep the order they were added in.
    const a = await buildPaper(t.db, {
      paperId: `zz.${session.id}`,
      title: 'Paper A',
      authors: ['Ann Author', 'Bo Writer'],
      publishedDate: '2018-05-01',
    });
    const b = await buildPaper(t.db, { paperId: `aa.${session.id}`, title: 'Paper B' });
    const mine = await buildUpload(t.db, { ownerId: user.id, title: 'My draft' });
    const added = await addFiles(user.token, session.id, [a.paperId, b.paperId, a.paperId]);
    expect(added.statusCode).toBe(200);
    const files = added.json() as TReviewFile[];
    expect(ids(files)).toEqual([a.paperId, b.paperId]);
    expect(files[0]).toEqual({
      paper_id: a.paperId,
      platform: 'arxiv',
      session_id: session.id,
      filename: 'Paper A',
      paper_URL: `https://export.arxiv.org/pdf/${a.paperId}`,
    });
    // Again: nothing new, nothing duplicated.
    expect(ids((await addFiles(user.token, session.id, [b.paperId, a.paperId])).json())).toEqual([
      a.paperId,
      b.paperId,
    ]);
    const upload = await addFiles(user.token, session.id, [mine.paperId], 'upload');
    expect(upload.statusCode).toBe(200);
    const listed = (await call(user.token, 'GET', `/api/review/sessions/${session.id}/files`)).json() as TReviewFile[];
    expect(ids(listed)).toEqual([a.paperId, b.paperId, mine.paperId]);
    expect(listed[2]?.paper_URL).toBe(`/api/uploads/${mine.paperId}/pdf`);
    const nodes = (await graph(user.token, session.id)).nodes;
    expect(nodes[0]).toEqual({
      paper_id: a.paperId,
      platform: 'arxiv',
      title: 'Paper A',
      authors: ['Ann Author', 'Bo Writer'],
      year: 2018,
    });
    expect(nodes[2]).toMatchObject({ paper_id: mine.paperId, platform: 'upload', title: 'My draft' });
    // An upload's default date (requirements §9: 1900-01-01) is no year.
    const undated = await buildPaper(t.db, { publishedDate: '1900-01-01' });
    await addFiles(user.token, session.id, [undated.paperId]);
    expect((await graph(user.token, session.id)).nodes[3]).toMatchObject({ paper_id: undated.paperId, year: null });
  });

  it('accepts an upload shared with the user, but refuses all when one paper is missing or unreadable', async () => {
    const { createSession, addFiles } = client;
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const session = await createSession(user.token);
    const readable = await buildPaper(t.db);
    const theirs = await buildUpload(t.db, { ownerId: other.id });
    const shared = await buildUpload(t.db, { ownerId: other.id });
    // Shared through a public folder its uploader put it in (docs/collaboration.md#uploads).
    const folder = await buildFolder(t.db, { ownerId: other.id });
    await buildFolderFile(t.db, { folderId: folder.id, paper: shared });
    await shareFolder(t.db, folder.id, { isPublic: true });
    const before = await reviewState(t, session.id);
    const missing = await addFiles(user.token, session.id, [readable.paperId, '9999.99999']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Paper arxiv/9999.99999 not found' });
    const hidden = await addFiles(user.token, session.id, [shared.paperId, theirs.paperId], 'upload');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: `Paper upload/${theirs.paperId} not found` });
    expect(await reviewState(t, session.id)).toEqual(before);
    const held = await addFiles(user.token, session.id, [shared.paperId], 'upload');
    expect(held.statusCode).toBe(200);
    expect(ids(held.json())).toEqual([shared.paperId]);
  });

  it('refuses bad input (400) and leaves the files as they were', async () => {
    const { call, createSession, addFiles } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token);
    const paper = await buildPaper(t.db);
    await addFiles(user.token, session.id, [paper.paperId]);
    const before = await reviewState(t, session.id);
    const bad = [
      call(user.token, 'POST', `/api/review/sessions/${session.id}/add_files`, { paper_ids: [] }),
      call(user.token, 'POST', `/api/review/sessions/${session.id}/add_files`, { paper_ids: ['a\u0000b'] }),
      call(user.token, 'POST', `/api/review/sessions/${session.id}/add_files`, {
        paper_ids: ['x'],
        platform: 'no way',
      }),
      call(user.token, 'POST', '/api/review/sessions/abc/add_files', { paper_ids: [paper.paperId] }),
      call(user.token, 'DELETE', `/api/review/sessions/${session.id}/files/${paper.paperId}?platform=NO%20WAY`),
    ];
    for (const response of await Promise.all(bad)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
    }
    expect(await reviewState(t, session.id)).toEqual(before);
  });

  it('detaches a paper (204) with its edges, keeps the target, and answers 404 for a paper it does not hold', async () => {
    const { call, createSession, addFiles, drawEdge } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token);
    const [a, b, c] = [await buildPaper(t.db), await buildPaper(t.db), await buildPaper(t.db)];
    await addFiles(user.token, session.id, [a.paperId, b.paperId, c.paperId]);
    await drawEdge(user.token, session.id, a.paperId, b.paperId, 'extends');
    await drawEdge(user.token, session.id, b.paperId, c.paperId, 'uses the data of');
    await call(user.token, 'POST', '/api/review/target_paper', { session_id: session.id, paper_id: a.paperId });
    const removed = await call(
      user.token,
      'DELETE',
      `/api/review/sessions/${session.id}/files/${a.paperId}?platform=arxiv`,
    );
    expect(removed.statusCode).toBe(204);
    const state = await reviewState(t, session.id);
    expect(state.files.map((f) => f.paperId).sort()).toEqual([b.paperId, c.paperId].sort());
    expect(state.edges.map((e) => [e.source, e.target])).toEqual([[b.paperId, c.paperId]]);
    expect(state.session?.targetPaperId).toBe(a.paperId);
    const again = await call(user.token, 'DELETE', `/api/review/sessions/${session.id}/files/${a.paperId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      message: `Paper arxiv/${a.paperId} in review session ${session.id} not found`,
    });
    expect(await reviewState(t, session.id)).toEqual(state);
  });

  it(`holds at most ${REVIEW_LIMITS.filesPerSession} papers: past that, 409 and nothing added`, async () => {
    const { createSession, addFiles } = client;
    const user = await buildUser(t.db);
    const session = await createSession(user.token);
    const many = Array.from({ length: REVIEW_LIMITS.filesPerSession + 1 }, (_, i) => ({
      platform: 'arxiv',
      paperId: `cap.${session.id}.${i}`,
      title: `Paper ${i}`,
    }));
    await t.db.insert(papers).values(many);
    const first = many.slice(0, REVIEW_LIMITS.filesPerSession - 1).map((p) => p.paperId);
    expect((await addFiles(user.token, session.id, first)).statusCode).toBe(200);
    const before = await reviewState(t, session.id);
    const over = await addFiles(user.token, session.id, [many[199]?.paperId ?? '', many[200]?.paperId ?? '']);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'CONFLICT', message: expect.stringMatching(/more than 200 papers/) });
    expect(await reviewState(t, session.id)).toEqual(before);
    // Two requests at once for the last place: the session's row lock lets one in.
    const [x, y] = await Promise.all([
      addFiles(user.token, session.id, [many[199]?.paperId ?? '']),
      addFiles(user.token, session.id, [many[200]?.paperId ?? '']),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await reviewState(t, session.id)).files).toHaveLength(REVIEW_LIMITS.filesPerSession);
    await t.db
      .delete(reviewFiles)
      .where(eq(reviewFiles.paperId, many[x.statusCode === 200 ? 199 : 200]?.paperId ?? ''));
    // Papers already there do not count again; the last place is still free.
    expect((await addFiles(user.token, session.id, [...first.slice(0, 5), many[199]?.paperId ?? ''])).statusCode).toBe(
      200,
    );
  });

  const postReviewUpload = (token: string | undefined, parts: MultipartPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/review/upload',
      payload,
      headers: { ...headers, ...(token ? { 'x-user-id': token } : {}) },
    });
  };

  it('uploads a PDF into the session (201) with the uploads checks, then lists it as a file', async () => {
    const user = await buildUser(t.db);
    const session = await client.createSession(user.token);
    const response = await postReviewUpload(user.token, [
      { name: 'session_id', value: String(session.id) },
      { name: 'title', value: 'Literature graph' },
      pdfPart(naacl, 'N18-3011.pdf'),
    ]);
    expect(response.statusCode).toBe(201);
    const file = response.json() as TReviewFile;
    expect(file).toMatchObject({ platform: 'upload', session_id: session.id, filename: 'Literature graph' });
    expect(file.paper_URL).toBe(`/api/uploads/${file.paper_id}/pdf`);
    expect((await reviewState(t, session.id)).files).toEqual([{ platform: 'upload', paperId: file.paper_id }]);
    // It is the user's upload like any other: it can be the target.
    const target = await client.call(user.token, 'POST', '/api/review/target_paper', {
      session_id: session.id,
      paper_id: file.paper_id,
      platform: 'upload',
    });
    expect(target.statusCode).toBe(200);
  });

  it("refuses an upload to a stranger's or missing session, without session_id, or not a PDF: nothing kept", async () => {
    const owner = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    const session = await client.createSession(owner.token);
    const before = { library: await libraryState(t), review: await reviewState(t, session.id) };
    const cases: { parts: MultipartPart[]; status: number; message: RegExp }[] = [
      {
        parts: [{ name: 'session_id', value: String(session.id) }, pdfPart(naacl)],
        status: 404,
        message: /Review session \d+ not found/,
      },
      { parts: [pdfPart(naacl)], status: 400, message: /session_id/ },
      { parts: [{ name: 'session_id', value: '12abc' }, pdfPart(naacl)], status: 400, message: /session_id/ },
      {
        parts: [
          { name: 'session_id', value: String(session.id) },
          pdfPart(Buffer.from('Just notes, not a PDF.\n'), 'notes.pdf'),
        ],
        status: 415,
        message: /PDF/,
      },
    ];
    for (const [index, { parts, status, message }] of cases.entries()) {
      const response = await postReviewUpload(index === 0 ? stranger.token : owner.token, parts);
      expect(response.statusCode, message.source).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect(await libraryState(t)).toEqual(before.library);
    expect(await reviewState(t, session.id)).toEqual(before.review);
    expect((await postReviewUpload(undefined, [pdfPart(naacl)])).statusCode).toBe(401);
  });
});
