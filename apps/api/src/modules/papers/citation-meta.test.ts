import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp } from '../../test-support/test-app';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Paperbench</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

/**
 * docs/import-export.md#citation-meta-tags: /paper/{id}/{platform} as a plain HTTP GET (no JavaScript, as
 * the Zotero Connector reads it) carries Highwire Press tags for a public paper, and nothing for others.
 */
describe.each(pgliteOnly())('citation meta tags on paper pages (%s)', (driver) => {
  let t: TestApp;
  let uploadId: string;

  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = await createTestApp(driver, { seed: false, webDist });
    await buildPaper(t.db, {
      paperId: '1706.03762',
      title: 'Attention </title><script>alert("x")</script> & \'more\'',
      authors: ['Ashish Vaswani', 'Noam "Quoted" Shazeer'],
      publishedDate: '2017-06-12',
      doi: '10.48550/arXiv.1706.03762',
    });
    await buildPaper(t.db, {
      paperId: 'math/0601001',
      title: 'An old-style id',
      authors: ['Ada Lovelace'],
      publishedDate: '1900-01-01',
    });
    await buildPaper(t.db, {
      platform: 'acl',
      paperId: 'N19-1423',
      title: 'BERT',
      authors: ['Jacob Devlin'],
      pdfUrl: 'http://aclanthology.org/N19-1423.pdf',
    });
    const owner = await buildUser(t.db);
    uploadId = (await buildUpload(t.db, { ownerId: owner.id, title: 'My secret draft' })).paperId;
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ url });
  const metas = (html: string) =>
    [...html.matchAll(/<meta name="(citation_[a-z_]+)" content="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]);

  it("writes an arXiv paper's tags and title, every value HTML-escaped", async () => {
    const response = await page('/paper/1706.03762/arxiv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    const title = 'Attention &lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;';
    expect(html).toContain(`<title>${title} · Paperbench</title>`);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metas(html)).toEqual([
      ['citation_title', title],
      ['citation_author', 'Ashish Vaswani'],
      ['citation_author', 'Noam &quot;Quoted&quot; Shazeer'],
      ['citation_publication_date', '2017/06/12'],
      ['citation_pdf_url', 'https://arxiv.org/pdf/1706.03762'],
      ['citation_doi', '10.48550/arXiv.1706.03762'],
      ['citation_arxiv_id', '1706.03762'],
    ]);
    expect(html).toContain('<div id="root"></div>');
  });

  it('reads an old-style id with its slash encoded, platform arxiv when absent; no date for an undated paper', async () => {
    const html = (await page('/paper/math%2F0601001')).body;
    expect(metas(html)).toEqual([
      ['citation_title', 'An old-style id'],
      ['citation_author', 'Ada Lovelace'],
      ['citation_pdf_url', 'https://arxiv.org/pdf/math/0601001'],
      ['citation_arxiv_id', 'math/0601001'],
    ]);
  });

  it("gives another platform's PDF link made https", async () => {
    const html = (await page('/paper/N19-1423/acl')).body;
    expect(metas(html)).toContainEqual(['citation_pdf_url', 'https://aclanthology.org/N19-1423.pdf']);
    expect(html).toContain('<title>BERT · Paperbench</title>');
  });

  it("gives an upload and an unknown paper the plain page: nothing of a stranger's upload leaks", async () => {
    for (const url of [`/paper/${uploadId}/upload`, '/paper/9999.99999/arxiv']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    }
  });
});
