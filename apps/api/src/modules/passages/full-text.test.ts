import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TChatFile } from '@paperbench/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANING_VERSION, cleanPages } from '../../ai/text/clean/clean-page-text';
import { cleanTextOf } from '../../ai/text/clean/text-edits';
import { paperTexts, passages, queueJobs } from '../../db/schema';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';
import { selectPassageCandidates } from './passages.repo';

/** A stand-in for arXiv's export host on 127.0.0.1: one paper's PDF, 404 for any other. */
async function startArxiv(pdf: Buffer, paperId: string) {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === `/pdf/${paperId}`)
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    return response.writeHead(404).end('no such paper');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(testDrivers())('full text and passages (%s)', (driver) => {
  let t: TestApp;
  let arxiv: Awaited<ReturnType<typeof startArxiv>>;
  const FETCHABLE = '1801.00001';
  beforeAll(async () => {
    arxiv = await startArxiv(await readPdfFixture(NAACL_PDF), FETCHABLE);
    t = await createTestApp(driver, {
      seed: false,
      env: {
        FULL_TEXT_FETCH: 'true',
        ARXIV_PDF_BASE_URL: arxiv.origin,
        ARXIV_REQUEST_INTERVAL_MS: '0',
        QUEUE_POLL_MS: '100',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await arxiv.close();
  });

  const call = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: payload ? 'POST' : 'GET', url, payload, headers: { 'x-user-id': token } });
  const passagesOf = (paperId: string) =>
    t.db.select().from(passages).where(eq(passages.paperId, paperId)).orderBy(asc(passages.ordinal));
  const jobsOf = (paperId: string) =>
    t.db
      .select()
      .from(queueJobs)
      .where(eq(queueJobs.dedupeKey, `arxiv:${paperId}`));
  const statusOf = async (token: string, paperId: string) =>
    ((await call(token, '/api/chat/files')).json() as TChatFile[]).find((file) => file.paper_id === paperId);

  it('an arXiv paper entering a folder goes pending → ready with page-bounded passages; asking again queues nothing', async () => {
    const user = await buildUser(t.db);
    await buildPaper(t.db, { paperId: FETCHABLE, title: 'Literature graph' });
    const attached = await call(user.token, '/api/chat/attach_paper', { paper_id: FETCHABLE });
    expect(attached.json()).toMatchObject({ embedding_status: 'pending' });
    await t.context.queue.drain();
    expect(await statusOf(user.token, FETCHABLE)).toMatchObject({ embedding_status: 'ready' });
    const [text] = await t.db.select().from(paperTexts).where(eq(paperTexts.paperId, FETCHABLE));
    expect(text?.pages).toHaveLength(8);
    expect(text?.cleanedVersion).toBe(CLEANING_VERSION);
    const rows = await passagesOf(FETCHABLE);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    // docs/ai.md#clean-text: each passage is the clean text of exactly its span of the page.
    const clean = cleanPages(text?.pages ?? []);
    for (const row of rows) {
      expect(row.source).toBe('pdf');
      const page = clean[row.page - 1];
      expect(page && cleanTextOf(page, row.charStart, row.charEnd)).toBe(row.text);
    }
    expect(rows.some((row) => /litera-\s+ture/.test(row.text))).toBe(false);
    expect(rows.some((row) => row.text.includes('Erdős'))).toBe(true);
    // docs/references.md: the fetched text's reference list and markers are stored with the passages.
    const references = (await call(user.token, `/api/papers/${FETCHABLE}/references?platform=arxiv`)).json();
    expect(references.length).toBeGreaterThanOrEqual(20);
    const { markers } = (await call(user.token, `/api/papers/${FETCHABLE}/citation-markers?platform=arxiv`)).json();
    expect(markers.length).toBeGreaterThan(0);
    for (const marker of markers) {
      expect(text?.pages?.[marker.page - 1]?.slice(marker.char_start, marker.char_end)).toMatch(/\d{4}/);
    }
    // Selected, attached again, processed again: ready stays ready, no second job, no second fetch.
    await call(user.token, '/api/chat/update_file_selection', { paper_id: FETCHABLE, selected: true });
    await call(user.token, '/api/chat/attach_paper', { paper_id: FETCHABLE });
    const processed = await call(user.token, '/api/chat/process_embeddings', { paper_id: FETCHABLE });
    expect(processed.statusCode).toBe(202);
    expect(processed.json()).toEqual({ paper_id: FETCHABLE, platform: 'arxiv', status: 'ready' });
    expect(await jobsOf(FETCHABLE)).toHaveLength(1);
    expect(arxiv.hits.filter((hit) => hit === `/pdf/${FETCHABLE}`)).toHaveLength(1);
    // Retrieval candidates: an OR query over the given papers' passages.
    const candidates = await selectPassageCandidates(
      t.db,
      [{ platform: 'arxiv', paper_id: FETCHABLE }],
      'citation graph zzzunknown',
      50,
    );
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((row) => /citation|graph/i.test(row.text))).toBe(true);
  }, 60_000);

  it('a PDF that cannot be fetched leaves the abstract as the one passage (abstract-only); process_embeddings tries again', async () => {
    const user = await buildUser(t.db);
    const paper = await buildPaper(t.db, { paperId: '1801.99999', abstract: 'We study graphs of papers.' });
    await call(user.token, '/api/chat/attach_paper', { paper_id: paper.paperId });
    // Pending while queued: the selection flag asks for nothing more.
    await call(user.token, '/api/chat/update_file_selection', { paper_id: paper.paperId, selected: true });
    expect(await jobsOf(paper.paperId)).toHaveLength(1);
    await t.context.queue.drain();
    const file = await statusOf(user.token, paper.paperId);
    expect(file).toMatchObject({
      embedding_status: 'abstract-only',
      embedding_error: expect.stringMatching(/HTTP 404/),
    });
    expect(await passagesOf(paper.paperId)).toMatchObject([
      { page: 1, source: 'abstract', charStart: 0, charEnd: 26, text: 'We study graphs of papers.' },
    ]);
    const processed = await call(user.token, '/api/chat/process_embeddings', { paper_id: paper.paperId });
    expect(processed.statusCode).toBe(202);
    expect(processed.json()).toMatchObject({ status: 'pending' });
    await t.context.queue.drain();
    expect(await statusOf(user.token, paper.paperId)).toMatchObject({ embedding_status: 'abstract-only' });
    expect(await jobsOf(paper.paperId)).toHaveLength(2);
  }, 60_000);

  it('an upload gets its passages once its text is extracted', async () => {
    const user = await buildUser(t.db);
    const response = await postUpload(t.app, user.token, [
      { name: 'title', value: 'Uploaded' },
      pdfPart(await readPdfFixture(NAACL_PDF)),
    ]);
    expect(response.statusCode).toBe(201);
    const { paper_id } = response.json();
    await t.context.queue.drain();
    const rows = await passagesOf(paper_id);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((row) => row.page)).size).toBe(8);
  }, 60_000);

  it("process_embeddings: 404 for a stranger's upload, and nothing is queued", async () => {
    const owner = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    const upload = await buildUpload(t.db, { ownerId: owner.id });
    const response = await call(stranger.token, '/api/chat/process_embeddings', {
      paper_id: upload.paperId,
      platform: 'upload',
    });
    expect(response.statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(queueJobs)
        .where(eq(queueJobs.dedupeKey, `upload:${upload.paperId}`)),
    ).toEqual([]);
  });
});
