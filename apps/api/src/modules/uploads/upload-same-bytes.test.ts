import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, paperTexts, queueJobs, storedFiles, uploads } from '../../db/schema';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../../test-support/uploads';

/**
 * docs/security.md#uploads-of-the-same-bytes: the same user uploading the same bytes again gets the
 * first upload back (200) and nothing new is kept; other bytes, or another user, make a new paper.
 */
describe.each(testDrivers())('POST /api/upload/ of the same bytes again (%s)', (driver) => {
  let t: TestApp;
  let naacl: Buffer;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    naacl = await readPdfFixture(NAACL_PDF);
  });
  afterAll(() => t.close());

  /** Bytes no other test of this file uploads: the fixture with a trailing comment. */
  const variant = (label: string) => Buffer.concat([naacl, Buffer.from(`\n% ${label}\n`)]);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  /** What one content hash has left in the database and in storage. */
  async function heldFor(hash: string) {
    const rows = await t.db.select({ paperId: uploads.paperId }).from(uploads).where(eq(uploads.contentHash, hash));
    const ids = rows.map((row) => row.paperId);
    const tally = async (table: typeof papers | typeof paperTexts) =>
      ids.length === 0
        ? 0
        : ((
            await t.db
              .select({ n: count() })
              .from(table)
              .where(sql`${table.platform} = 'upload' and ${table.paperId} in ${ids}`)
          )[0]?.n ?? 0);
    const jobs = await t.db
      .select({ n: count() })
      .from(queueJobs)
      .where(
        sql`${queueJobs.kind} = 'extract-pdf-text' and ${queueJobs.payload}->>'paper_id' in ${ids.length ? ids : ['']}`,
      );
    const state = await libraryState(t);
    return {
      uploads: ids.length,
      papers: await tally(papers),
      texts: await tally(paperTexts),
      jobs: jobs[0]?.n ?? 0,
      storedFiles: (await t.db.select().from(storedFiles).where(eq(storedFiles.contentHash, hash))).length,
      files: state.files.filter((file) => file.includes(hash)).length,
      tempFiles: state.files.filter((file) => file.startsWith('tmp')),
    };
  }

  it('answers the first upload (200) and keeps nothing new: one paper, one stored file, one extraction', async () => {
    const owner = await issueUserId(t.app);
    const bytes = variant('twice by one user');
    const first = await postUpload(t.app, owner, [pdfPart(bytes, 'graph.pdf'), { name: 'title', value: 'First' }]);
    expect(first.statusCode).toBe(201);
    await t.context.queue.drain();
    const before = await libraryState(t);

    const again = await postUpload(t.app, owner, [pdfPart(bytes, 'copy.pdf'), { name: 'title', value: 'Second' }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await t.context.queue.drain();
    expect(await libraryState(t)).toEqual(before);
    expect(await heldFor(sha256(bytes))).toEqual({
      uploads: 1,
      papers: 1,
      texts: 1,
      jobs: 1,
      storedFiles: 1,
      files: 1,
      tempFiles: [],
    });
    // The repeat's form is not applied: the paper is the first upload as it was.
    const [paper] = await t.db
      .select({ title: papers.title })
      .from(papers)
      .where(eq(papers.paperId, first.json().paper_id));
    expect(paper?.title).toBe('First');
  });

  it('makes a new paper of different bytes', async () => {
    const owner = await issueUserId(t.app);
    const first = await postUpload(t.app, owner, [pdfPart(variant('one of two'))]);
    const other = await postUpload(t.app, owner, [pdfPart(variant('two of two'))]);
    expect([first.statusCode, other.statusCode]).toEqual([201, 201]);
    expect(other.json().paper_id).not.toBe(first.json().paper_id);
  });

  it("gives another user's identical bytes their own paper, told nothing of the first (201)", async () => {
    const bytes = variant('one file, two users');
    const mine = await postUpload(t.app, await issueUserId(t.app), [pdfPart(bytes)]);
    const theirs = await postUpload(t.app, await issueUserId(t.app), [pdfPart(bytes)]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().paper_id).not.toBe(mine.json().paper_id);
    // Stored once (content-addressed), two uploads.
    expect(await heldFor(sha256(bytes))).toMatchObject({ uploads: 2, papers: 2, storedFiles: 1, files: 1 });
  });

  it('two identical uploads at once make one paper', async () => {
    const owner = await issueUserId(t.app);
    const bytes = variant('twice at once');
    const answers = await Promise.all([
      postUpload(t.app, owner, [pdfPart(bytes)]),
      postUpload(t.app, owner, [pdfPart(bytes)]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json().paper_id).toBe(answers[1]?.json().paper_id);
    expect(await heldFor(sha256(bytes))).toMatchObject({
      uploads: 1,
      papers: 1,
      storedFiles: 1,
      files: 1,
      tempFiles: [],
    });
  });

  it('uploads the bytes anew after the first upload was deleted', async () => {
    const owner = await issueUserId(t.app);
    const bytes = variant('deleted, then again');
    const first = await postUpload(t.app, owner, [pdfPart(bytes)]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${first.json().paper_id}`,
      headers: { 'x-user-id': owner },
    });
    expect(removed.statusCode).toBe(204);
    const again = await postUpload(t.app, owner, [pdfPart(bytes)]);
    expect(again.statusCode).toBe(201);
    expect(again.json().paper_id).not.toBe(first.json().paper_id);
    expect(await heldFor(sha256(bytes))).toMatchObject({ uploads: 1, papers: 1, storedFiles: 1, files: 1 });
  });
});
