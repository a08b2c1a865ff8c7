import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles, papers, uploads } from '../../../db/schema';
import {
  buildFolder,
  buildFolderMember,
  buildNamedUser,
  buildPaper,
  buildUser,
  shareFolder,
} from '../../../test-support/factories';
import { multipartBody } from '../../../test-support/multipart';
import { createTestApp, type TestApp, testDrivers } from '../../../test-support/test-app';

/** POST /api/folders/{id}/import (docs/import-export.md): BibTeX, RIS and CSL-JSON into a folder, all or nothing. */
describe.each(testDrivers())('bibliography import (%s)', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let stranger: { id: number; token: string };

  const importFile = (folderId: number, content: string | Buffer, token = owner.token, filename = 'refs.bib') => {
    const file = typeof content === 'string' ? Buffer.from(content) : content;
    const { payload, headers } = multipartBody([{ name: 'file', filename, content: file, contentType: 'text/plain' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/import`,
      payload,
      headers: { ...headers, 'x-user-id': token },
    });
  };
  const files = (folderId: number, token = owner.token) =>
    t.app.inject({ url: `/api/folders/${folderId}/files`, headers: { 'x-user-id': token } });
  /** Every row an import may write: "nothing written" compares it before and after. */
  const state = async () => {
    const tally = async (table: typeof papers | typeof uploads | typeof folderFiles) =>
      (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return { papers: await tally(papers), uploads: await tally(uploads), folderFiles: await tally(folderFiles) };
  };
  const newFolder = async (name = 'Imported') => (await buildFolder(t.db, { ownerId: owner.id, name })).id;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    owner = await buildUser(t.db);
    stranger = await buildUser(t.db);
    await buildPaper(t.db, {
      paperId: '1706.03762',
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer'],
      publishedDate: '2017-06-12',
    });
    await buildPaper(t.db, {
      platform: 'acl',
      paperId: 'N19-1423',
      title: 'BERT: Pre-training of Deep Bidirectional Transformers',
      authors: ['Jacob Devlin', 'Ming-Wei Chang'],
      publishedDate: '2019-06-02',
      doi: '10.18653/v1/N19-1423',
    });
    await buildPaper(t.db, {
      paperId: '1512.03385',
      title: 'Deep Residual Learning for Image Recognition',
      authors: ['Kaiming He', 'Xiangyu Zhang'],
      publishedDate: '2015-12-10',
    });
    // Two papers with one title, first author and year: an entry fitting both is not guessed.
    for (const paperId of ['2101.00001', '2101.00002']) {
      await buildPaper(t.db, {
        paperId,
        title: 'A Survey of Surveys',
        authors: ['Jane Roe'],
        publishedDate: '2021-01-04',
      });
    }
  });
  afterAll(() => t.close());

  const mixed = `@misc{vaswani, title={Attention is all you need}, author={Vaswani, A.}, year=2017,
  eprint={1706.03762v5}, archivePrefix={arXiv}}
@inproceedings{devlin, title = {{BERT}}, author = {Devlin, Jacob}, year = {2019}, doi = {10.18653/V1/N19-1423}}
@article{he, title = {Deep residual learning for image recognition!}, author = {He, Kaiming and Sun, Jian}, year = {2015}}
@article{unknown, title = {A {Paper} Nobody Has Heard Of}, author = {M{\\"u}ller, J{\\"o}rg and Doe, Jane},
  year = {2020}, abstract = {Nothing to see.}, doi = {10.1234/Nobody.1}}
`;

  it('matches by arXiv id, DOI (any case) and title + first author + year; keeps the rest as metadata-only papers', async () => {
    const folderId = await newFolder();
    const response = await importFile(folderId, mixed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ added: 4, matched: 3, metadata_only: 1, duplicates: 0, rejected: [] });
    const listed = (await files(folderId)).json() as { platform: string; paper_id: string; filename: string }[];
    expect(listed.map((file) => `${file.platform}:${file.paper_id}`).slice(0, 3)).toEqual(
      expect.arrayContaining(['arxiv:1706.03762', 'acl:N19-1423', 'arxiv:1512.03385']),
    );
    const own = listed.find((file) => file.platform === 'upload');
    expect(own).toMatchObject({ filename: 'A Paper Nobody Has Heard Of', paper_URL: null, no_pdf: true });
    const [row] = await t.db
      .select()
      .from(papers)
      .where(eq(papers.paperId, own?.paper_id ?? ''));
    // A year alone is stored as its 1 January (docs/import-export.md#metadata-only-papers), never requirements §9's 1900 default.
    expect(row).toMatchObject({
      authors: ['Jörg Müller', 'Jane Doe'],
      publishedDate: '2020-01-01',
      abstract: 'Nothing to see.',
      doi: '10.1234/Nobody.1',
      pdfUrl: null,
      publishedPrecision: 'year',
    });
    // ... and presented as the year it is, not as a 1 January nobody wrote.
    const paper = await t.app.inject({
      method: 'POST',
      url: '/api/chat/get_paper',
      headers: { 'x-user-id': owner.token },
      payload: { paper_id: own?.paper_id, platform: 'upload' },
    });
    expect(paper.json()).toMatchObject({ published_date: '2020-01-01', published_precision: 'year' });
    const [upload] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.paperId, own?.paper_id ?? ''));
    expect(upload).toMatchObject({ ownerId: owner.id, contentHash: null });

    // Its PDF route says there is none yet; a stranger learns nothing of it at all.
    const pdf = await t.app.inject({ url: `/api/uploads/${own?.paper_id}/pdf`, headers: { 'x-user-id': owner.token } });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toBe('No PDF attached to this paper yet');
    const strangers = await t.app.inject({
      url: `/api/uploads/${own?.paper_id}/pdf`,
      headers: { 'x-user-id': stranger.token },
    });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().message).not.toMatch(/No PDF attached/);

    // The same file again: every entry is already there, nothing new is made.
    const before = await state();
    const again = await importFile(folderId, mixed);
    expect(again.json()).toEqual({ added: 0, matched: 0, metadata_only: 0, duplicates: 4, rejected: [] });
    expect(await state()).toEqual(before);
  });

  it('counts entries repeated in the file as duplicates, and rejects an entry that fits two papers, naming them', async () => {
    const folderId = await newFolder();
    const bib = `${mixed}
@misc{vaswani2, title={Attention is all you need}, author={Vaswani, Ashish}, year=2017, url={https://arxiv.org/abs/1706.03762}}
@article{unknown2, title = {A paper nobody has heard of}, author = {Müller, Jörg}, year = {2020}, doi = {10.1234/NOBODY.1}}
@article{survey, title = {A survey of surveys}, author = {Roe, Jane}, year = {2021}}
`;
    const response = await importFile(folderId, bib);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    // The unknown entry is the caller's own metadata-only paper since the first test: found by its DOI, not made again.
    expect(report).toMatchObject({ added: 4, matched: 4, metadata_only: 0, duplicates: 2 });
    expect(report.rejected).toEqual([
      {
        entry: 'survey',
        reason: expect.stringMatching(/^ambiguous: .*2 papers \(arxiv 2101\.0000[12], arxiv 2101\.0000[12]\)/),
      },
    ]);
  });

  it("is seen by a shared folder's readers exactly as an upload: listed without a PDF, its PDF route saying so", async () => {
    const reader = await buildNamedUser(t.db, { email: 'reader@example.org', name: 'Reader' });
    const shared = await newFolder('Lab reading');
    await shareFolder(t.db, shared);
    await buildFolderMember(t.db, { folderId: shared, email: 'reader@example.org', role: 'viewer' });
    const report = await importFile(shared, '@misc{lab, title={Shared Without A PDF}, author={Roe, Jane}, year=2022}');
    expect(report.json()).toMatchObject({ metadata_only: 1 });
    const listed = (await files(shared, reader.token)).json() as { paper_id: string; filename: string }[];
    const file = listed.find((one) => one.filename === 'Shared Without A PDF');
    expect(file).toMatchObject({ platform: 'upload', paper_URL: null, no_pdf: true });
    expect(file).not.toHaveProperty('unavailable');
    const pdf = await t.app.inject({
      url: `/api/uploads/${file?.paper_id}/pdf`,
      headers: { 'x-user-id': reader.token },
    });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toBe('No PDF attached to this paper yet');
    // Only its owner attaches one.
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'x.pdf', content: Buffer.from('%PDF-1.4\n') },
    ]);
    const attach = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${file?.paper_id}/pdf`,
      payload,
      headers: { ...headers, 'x-user-id': reader.token },
    });
    expect(attach.statusCode).toBe(404);
  });

  it('reads RIS and CSL-JSON, telling the format from the content rather than the name', async () => {
    const folderId = await newFolder();
    const ris =
      'TY  - JOUR\nID  - bert\nTI  - BERT\nAU  - Devlin, Jacob\nPY  - 2019\nDO  - 10.18653/v1/n19-1423\nER  - \n';
    expect((await importFile(folderId, ris, owner.token, 'refs.json')).json()).toMatchObject({ matched: 1 });
    const csl = JSON.stringify([
      {
        id: 'he',
        type: 'article-journal',
        title: 'Deep Residual Learning for Image Recognition',
        author: [{ family: 'He', given: 'Kaiming' }],
        issued: { 'date-parts': [[2015, 12]] },
      },
    ]);
    expect((await importFile(folderId, csl, owner.token, 'refs.bib')).json()).toMatchObject({ matched: 1, added: 1 });
  });

  describe('refuses bad input with a clear error, and writes nothing', () => {
    const refused = async (
      folderId: number,
      content: string | Buffer,
      status: number,
      message: RegExp,
      token?: string,
    ) => {
      const before = await state();
      const response = await importFile(folderId, content, token);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await state()).toEqual(before);
    };

    it('a 10,000-entry BibTeX (413, the limit named)', async () => {
      const folderId = await newFolder();
      const big = Array.from({ length: 10_000 }, (_, i) => `@misc{k${i}, title={Paper number ${i}}, year=2020}`).join(
        '\n',
      );
      await refused(folderId, big, 413, /10000 entries, more than the limit of 5000 \(IMPORT_MAX_ENTRIES\)/);
    });

    it('a file that is not a bibliography: a PDF, plain prose, JSON that is not CSL', async () => {
      const folderId = await newFolder();
      await refused(folderId, Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'), 415, /a PDF, not a bibliography/);
      await refused(folderId, 'Dear reviewers, thank you for your comments.\n', 415, /not a bibliography/);
      await refused(folderId, '{"name": "package.json"}', 415, /not CSL-JSON/);
    });

    it('a RIS with broken tags, and BibTeX and JSON with syntax errors (400 naming the line)', async () => {
      const folderId = await newFolder();
      await refused(folderId, 'TY  - JOUR\nTI  - Fine\nAU - Broken, Tag\nER  - \n', 400, /^line 3: malformed RIS tag/);
      await refused(folderId, 'TY  - JOUR\nTI  - No end\n\nTY  - JOUR\nER  - \n', 400, /^line 1: .*no "ER {2}- " line/);
      await refused(folderId, '@article{ok, title={Fine}}\n\n@article{bad, title={Open\n', 400, /^line \d+: /);
      await refused(folderId, '[\n  {"type": "article",\n   "title": }\n]', 400, /^line \d: not valid JSON/);
    });

    it('a NUL in a field', async () => {
      const folderId = await newFolder();
      await refused(
        folderId,
        '@article{a,\n  title = {Nul\u0000here},\n  year = 2020}',
        400,
        /^line 2: a NUL character/,
      );
      // CSL-JSON may spell it as an escape.
      await refused(
        folderId,
        '[\n  {"type": "book",\n   "title": "Nul\\u0000here"}\n]',
        400,
        /^line 3: a NUL character/,
      );
    });

    it("a folder the caller cannot write: a stranger's is 404, a viewer's is refused", async () => {
      const folderId = await newFolder('Private');
      await refused(folderId, mixed, 404, /Folder .* not found/, stranger.token);
      const viewer = await buildNamedUser(t.db, { email: 'viewer@example.org', name: 'Viewer' });
      const shared = await newFolder('Shared');
      await shareFolder(t.db, shared);
      await buildFolderMember(t.db, { folderId: shared, email: 'viewer@example.org', role: 'viewer' });
      const before = await state();
      const response = await importFile(shared, mixed, viewer.token);
      expect([403, 404]).toContain(response.statusCode);
      expect(await state()).toEqual(before);
    });

    it('more metadata-only papers than the paper quota (409), and a file past IMPORT_MAX_BYTES (413)', async () => {
      const small = await createTestApp(driver, {
        seed: false,
        env: { USER_PAPER_QUOTA: '1', IMPORT_MAX_BYTES: '2048' },
      });
      try {
        const user = await buildUser(small.db);
        const folderId = (await buildFolder(small.db, { ownerId: user.id })).id;
        const send = (content: string) => {
          const { payload, headers } = multipartBody([
            { name: 'file', filename: 'a.bib', content: Buffer.from(content) },
          ]);
          return small.app.inject({
            method: 'POST',
            url: `/api/folders/${folderId}/import`,
            payload,
            headers: { ...headers, 'x-user-id': user.token },
          });
        };
        const overQuota = await send('@misc{a, title={One}, year=2020}\n@misc{b, title={Two}, year=2020}\n');
        expect(overQuota.statusCode).toBe(409);
        expect(overQuota.json().message).toMatch(/quota of 1 papers \(USER_PAPER_QUOTA\)/);
        const tooBig = await send(`@misc{a, title={${'x'.repeat(3000)}}, year=2020}`);
        expect(tooBig.statusCode).toBe(413);
        expect(tooBig.json().message).toMatch(/larger than the import limit of .+ \(IMPORT_MAX_BYTES\)/);
        expect((await small.db.select({ n: count() }).from(uploads))[0]?.n).toBe(0);
        expect((await small.db.select({ n: count() }).from(folderFiles))[0]?.n).toBe(0);

        // Two imports at once cannot both take the last places: the quota is checked under a per-user lock.
        const roomy = await createTestApp(driver, { seed: false, env: { USER_PAPER_QUOTA: '3' } });
        try {
          const other = await buildUser(roomy.db);
          const folders = [
            await buildFolder(roomy.db, { ownerId: other.id }),
            await buildFolder(roomy.db, { ownerId: other.id }),
          ];
          const statuses = await Promise.all(
            folders.map(({ id }, n) => {
              const bib = `@misc{a${n}, title={First ${n}}, year=2020}\n@misc{b${n}, title={Second ${n}}, year=2020}\n`;
              const { payload, headers } = multipartBody([
                { name: 'file', filename: 'a.bib', content: Buffer.from(bib) },
              ]);
              return roomy.app
                .inject({
                  method: 'POST',
                  url: `/api/folders/${id}/import`,
                  payload,
                  headers: { ...headers, 'x-user-id': other.token },
                })
                .then((response) => response.statusCode);
            }),
          );
          expect(statuses.sort()).toEqual([200, 409]);
          expect((await roomy.db.select({ n: count() }).from(uploads))[0]?.n).toBe(2);
        } finally {
          await roomy.close();
        }
      } finally {
        await small.close();
      }
    });
  });
});
