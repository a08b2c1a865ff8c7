import type { TChatFile } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { paperTexts, queueJobs } from '../../db/schema';
import { deepNestingBomb, flateBomb, pageCountBomb, plainPdf } from '../../test-support/pdf-bombs';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';

/** Small budgets so every bomb meets a limit quickly (docs/security.md#work-queue-and-pdf-limits: "set small budgets via config"). */
const BUDGETS = {
  QUEUE_POLL_MS: '100',
  EXTRACTION_TIMEOUT_MS: '20000',
  EXTRACTION_MAX_PAGES: '100',
  EXTRACTION_MAX_INFLATED_BYTES: String(64 * 1024 * 1024),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(pgliteOnly())('text extraction on the work queue (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Uploads `pdf` as `owner` and puts it in their File List, as the web app's upload dialog does. */
  async function upload(app: TestApp, owner: string, pdf: Buffer, title: string): Promise<string> {
    const response = await postUpload(app.app, owner, [{ name: 'title', value: title }, pdfPart(pdf)]);
    expect(response.statusCode).toBe(201);
    const ref = response.json();
    const attach = await app.app.inject({
      method: 'POST',
      url: '/api/chat/attach_paper',
      payload: ref,
      headers: { 'x-user-id': owner },
    });
    expect(attach.statusCode).toBe(201);
    return ref.paper_id;
  }

  const textOf = async (app: TestApp, paperId: string) =>
    (await app.db.select().from(paperTexts).where(eq(paperTexts.paperId, paperId)))[0];
  const jobOf = async (app: TestApp, paperId: string) =>
    (
      await app.db
        .select()
        .from(queueJobs)
        .where(eq(queueJobs.dedupeKey, `upload:${paperId}`))
    )[0];

  it('marks each bomb failed with its reason within the budget, never retried, and later uploads still become ready', async () => {
    const app = await createTestApp(driver, { seed: false, env: BUDGETS });
    t = app;
    const owner = await issueUserId(app.app);
    const started = Date.now();
    const pages = await upload(app, owner, pageCountBomb(), 'A million pages');
    const flate = await upload(app, owner, await flateBomb(1024 ** 3), 'A flate bomb');
    const deep = await upload(app, owner, deepNestingBomb(100_000), 'Nested deep');
    const normal = await upload(app, owner, plainPdf('An ordinary paper after the bombs'), 'Ordinary');
    // While the bombs are read, the owner sees them pending, not missing.
    const early = (await app.app.inject({ url: '/api/chat/files', headers: { 'x-user-id': owner } })).json();
    expect(early.map((file: TChatFile) => file.embedding_status)).not.toContain('none');

    await app.context.queue.drain();
    expect(Date.now() - started).toBeLessThan(60_000);

    expect(await textOf(app, pages)).toMatchObject({
      status: 'failed',
      error: 'the PDF declares 1000000 pages, more than the limit of 100',
    });
    expect(await textOf(app, flate)).toMatchObject({
      status: 'failed',
      error: "the PDF's compressed content unpacks to more than 64 MB",
    });
    expect(await textOf(app, deep)).toMatchObject({ status: 'failed', error: 'the PDF is nested too deeply to read' });
    expect(await textOf(app, normal)).toMatchObject({ status: 'ready', text: 'An ordinary paper after the bombs' });
    // Refused for good on the first try: a bomb is never run again.
    for (const paperId of [pages, flate, deep]) {
      expect(await jobOf(app, paperId)).toMatchObject({ status: 'failed', attempts: 1 });
    }
    expect(await jobOf(app, normal)).toMatchObject({ status: 'done', attempts: 1 });

    const files = (await app.app.inject({ url: '/api/chat/files', headers: { 'x-user-id': owner } })).json();
    expect(files.map((file: TChatFile) => [file.filename, file.embedding_status, file.embedding_error])).toEqual([
      ['A million pages', 'failed', 'the PDF declares 1000000 pages, more than the limit of 100'],
      ['A flate bomb', 'failed', "the PDF's compressed content unpacks to more than 64 MB"],
      ['Nested deep', 'failed', 'the PDF is nested too deeply to read'],
      ['Ordinary', 'ready', undefined],
    ]);
  });

  it('closes within seconds with a bomb in progress; the job is left to be taken over, not lost', async () => {
    // A page cap that lets the million pages through and a long budget: only shutdown stops it.
    const app = await createTestApp(driver, {
      seed: false,
      env: { ...BUDGETS, EXTRACTION_MAX_PAGES: '10000000', EXTRACTION_TIMEOUT_MS: '600000' },
    });
    t = app;
    const owner = await issueUserId(app.app);
    const paperId = await upload(app, owner, pageCountBomb(), 'Still reading');
    while ((await jobOf(app, paperId))?.status !== 'running') await sleep(50);
    await sleep(1500);
    const db = app.db;
    const closing = Date.now();
    // Everything but the database, which the check below still needs.
    await app.app.close();
    expect(Date.now() - closing).toBeLessThan(5000);
    expect((await db.select().from(paperTexts).where(eq(paperTexts.paperId, paperId)))[0]?.status).toBe('pending');
    expect(
      (
        await db
          .select()
          .from(queueJobs)
          .where(eq(queueJobs.dedupeKey, `upload:${paperId}`))
      )[0],
    ).toMatchObject({
      status: 'running',
      attempts: 1,
    });
  });
});
