import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, paperTexts, storedFiles, uploads } from '../../db/schema';
import { buildFolder, buildUser } from '../../test-support/factories';
import { multipartBody } from '../../test-support/multipart';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/import-export.md#attach-a-pdf: a metadata-only paper gets its PDF later; delete and quotas cope with none. */
describe.each(testDrivers())('metadata-only papers and PUT /api/uploads/{paperId}/pdf (%s)', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let stranger: { id: number; token: string };
  let folderId: number;
  let naacl: Buffer;

  const send = (method: 'POST' | 'PUT', url: string, parts: Parameters<typeof multipartBody>[0], token: string) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method, url, payload, headers: { ...headers, 'x-user-id': token } });
  };
  /** Imports one unknown entry; its new paper's id. */
  async function metadataOnlyPaper(title: string): Promise<string> {
    const bib = `@article{k, title={${title}}, author={Roe, Jane}, year=2022}`;
    const response = await send(
      'POST',
      `/api/folders/${folderId}/import`,
      [{ name: 'file', filename: 'a.bib', content: Buffer.from(bib) }],
      owner.token,
    );
    expect(response.json()).toMatchObject({ metadata_only: 1 });
    const [row] = await t.db.select({ paperId: papers.paperId }).from(papers).where(eq(papers.title, title));
    return row?.paperId ?? '';
  }
  const attach = (paperId: string, content: Buffer, token = owner.token) =>
    send('PUT', `/api/uploads/${paperId}/pdf`, [{ name: 'file', filename: 'draft.pdf', content }], token);

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    owner = await buildUser(t.db);
    stranger = await buildUser(t.db);
    folderId = (await buildFolder(t.db, { ownerId: owner.id })).id;
    naacl = await readPdfFixture(NAACL_PDF);
  });
  afterAll(() => t.close());

  it('counts 0 bytes in the quota and in the profile, and attaches a PDF whose text is then extracted', async () => {
    const paperId = await metadataOnlyPaper('Waiting for its PDF');
    const profile = await t.app.inject({ url: '/api/profile/export', headers: { 'x-user-id': owner.token } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.uploads).toEqual([expect.objectContaining({ paper_id: paperId, byte_size: 0 })]);

    const response = await attach(paperId, naacl);
    expect(response.statusCode).toBe(200);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.paperId, paperId));
    expect(upload?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(upload?.originalFilename).toBe('draft.pdf');
    await t.context.queue.drain();
    const [text] = await t.db.select().from(paperTexts).where(eq(paperTexts.paperId, paperId));
    expect(text?.status).toBe('ready');
    // What the entry told stands over what the PDF says (docs/uploads.md#metadata-from-the-pdf).
    const [paper] = await t.db.select().from(papers).where(eq(papers.paperId, paperId));
    expect(paper?.title).toBe('Waiting for its PDF');
    expect(paper?.authors).toEqual([expect.stringMatching(/Roe/)]);
    expect(paper?.publishedDate).toBe('2022-01-01');
    const pdf = await t.app.inject({ url: `/api/uploads/${paperId}/pdf`, headers: { 'x-user-id': owner.token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const listed = (
      await t.app.inject({ url: `/api/folders/${folderId}/files`, headers: { 'x-user-id': owner.token } })
    ).json();
    const file = listed.find((one: { paper_id: string }) => one.paper_id === paperId);
    expect(file).toMatchObject({ paper_URL: `/api/uploads/${paperId}/pdf` });
    expect(file.no_pdf).toBeUndefined();

    // A second PDF is refused: the paper has one.
    const again = await attach(paperId, naacl);
    expect(again.statusCode).toBe(409);
  });

  it("refuses a stranger (404), a non-PDF (415) and a paper that is not the caller's, storing nothing", async () => {
    const paperId = await metadataOnlyPaper('Still waiting');
    const stored = async () => (await t.db.select({ n: count() }).from(storedFiles))[0]?.n;
    const before = await stored();
    expect((await attach(paperId, naacl, stranger.token)).statusCode).toBe(404);
    const notPdf = await attach(paperId, Buffer.from('just text, not a PDF'));
    expect(notPdf.statusCode).toBe(415);
    expect((await attach('no-such-paper', naacl)).statusCode).toBe(404);
    expect(await stored()).toBe(before);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.paperId, paperId));
    expect(upload?.contentHash).toBeNull();
  });

  it('deletes a metadata-only paper like an upload, and with the account', async () => {
    const paperId = await metadataOnlyPaper('Deleted without a PDF');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${paperId}`,
      headers: { 'x-user-id': owner.token },
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(papers).where(eq(papers.paperId, paperId))).toEqual([]);

    const other = await buildUser(t.db);
    const otherFolder = (await buildFolder(t.db, { ownerId: other.id })).id;
    const bib = Buffer.from('@misc{x, title={Goes with the account}, year=2020}');
    const imported = await send(
      'POST',
      `/api/folders/${otherFolder}/import`,
      [{ name: 'file', filename: 'x.bib', content: bib }],
      other.token,
    );
    expect(imported.json()).toMatchObject({ metadata_only: 1 });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      payload: { confirm: 'delete my account' },
      headers: { 'x-user-id': other.token },
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.db.select().from(papers).where(eq(papers.title, 'Goes with the account'))).toEqual([]);
  });
});
