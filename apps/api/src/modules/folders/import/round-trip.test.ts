import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFolder, buildFolderFile, buildPaper, buildUser } from '../../../test-support/factories';
import { multipartBody } from '../../../test-support/multipart';
import { createTestApp, pgliteOnly, type TestApp } from '../../../test-support/test-app';

/** docs/import-export.md: what a folder exports as BibTeX, RIS or CSL-JSON imports back as the same papers. */
describe.each(pgliteOnly())('export and import round trip (%s)', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let folderId: number;
  const headers = () => ({ 'x-user-id': owner.token });

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    owner = await buildUser(t.db);
    folderId = (await buildFolder(t.db, { ownerId: owner.id, name: 'Source' })).id;
    const source = [
      await buildPaper(t.db, {
        paperId: '1706.03762',
        title: 'Attention Is All You Need',
        authors: ['Ashish Vaswani', 'Noam Shazeer'],
        publishedDate: '2017-06-12',
      }),
      await buildPaper(t.db, { paperId: 'math/0601001', title: 'An old-style id', authors: ['Ada Lovelace'] }),
      await buildPaper(t.db, {
        platform: 'acl',
        paperId: 'N19-1423',
        title: 'Über BERT: 100% & {more}',
        authors: ['Jörg Müller'],
        publishedDate: '2019-06-02',
        doi: '10.18653/v1/N19-1423',
        pdfUrl: 'https://aclanthology.org/N19-1423.pdf',
      }),
      await buildPaper(t.db, {
        platform: 'acl',
        paperId: 'P20-1000',
        title: 'A paper without a DOI',
        authors: ['Grace Hopper'],
        publishedDate: '2020-07-05',
      }),
    ];
    for (const paper of source) await buildFolderFile(t.db, { folderId, paper });
  });
  afterAll(() => t.close());

  const refsOf = async (id: number) =>
    (
      (await t.app.inject({ url: `/api/folders/${id}/files`, headers: headers() })).json() as {
        platform: string;
        paper_id: string;
      }[]
    )
      .map((file) => `${file.platform}:${file.paper_id}`)
      .sort();

  it('exports CSL-JSON as application/vnd.citationstyles.csl+json, a .json file', async () => {
    const response = await t.app.inject({ url: `/api/folders/${folderId}/export?format=csljson`, headers: headers() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="Source\.json"/);
    const items = response.json();
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({
      id: 'Vaswani2017Attention',
      title: 'Attention Is All You Need',
      author: [
        { family: 'Vaswani', given: 'Ashish' },
        { family: 'Shazeer', given: 'Noam' },
      ],
      issued: { 'date-parts': [[2017, 6, 12]] },
      URL: 'https://arxiv.org/abs/1706.03762',
    });
    const library = await t.app.inject({ url: '/api/profile/library.json', headers: headers() });
    expect(library.statusCode).toBe(200);
    expect(library.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(library.json()).toHaveLength(4);
  });

  it.each(['bibtex', 'ris', 'csljson'])(
    'exports as %s and imports into an empty folder: the same papers',
    async (format) => {
      const exported = await t.app.inject({
        url: `/api/folders/${folderId}/export?format=${format}`,
        headers: headers(),
      });
      expect(exported.statusCode).toBe(200);
      const target = (await buildFolder(t.db, { ownerId: owner.id, name: `Copy ${format}` })).id;
      const { payload, headers: multipart } = multipartBody([
        { name: 'file', filename: 'export', content: exported.rawPayload, contentType: 'text/plain' },
      ]);
      const imported = await t.app.inject({
        method: 'POST',
        url: `/api/folders/${target}/import`,
        payload,
        headers: { ...multipart, ...headers() },
      });
      expect(imported.statusCode).toBe(200);
      expect(imported.json()).toEqual({ added: 4, matched: 4, metadata_only: 0, duplicates: 0, rejected: [] });
      expect(await refsOf(target)).toEqual(await refsOf(folderId));
    },
  );
});
