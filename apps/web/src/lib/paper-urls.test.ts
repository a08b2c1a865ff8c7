import { describe, expect, it } from 'vitest';
import { paperDetailPath, searchPath } from './app-paths';
import { pdfUrlOf, sourceUrlOf } from './paper-urls';

const paper = (platform: string, pdf_url: string | null = null, paper_id = '1903.06059') => ({
  paper_id,
  platform,
  pdf_url,
});

describe('pdfUrlOf', () => {
  it('gives an arxiv paper without pdf_url its export-host PDF', () => {
    expect(pdfUrlOf(paper('arxiv'))).toBe('https://export.arxiv.org/pdf/1903.06059');
  });

  it('has no PDF for a non-arxiv paper without pdf_url', () => {
    expect(pdfUrlOf(paper('upload'))).toBeNull();
  });
});

describe('sourceUrlOf (requirements §5)', () => {
  it('links arxiv papers to their abstract page', () => {
    expect(sourceUrlOf(paper('arxiv', 'http://arxiv.org/pdf/1903.06059'))).toBe('https://arxiv.org/abs/1903.06059');
  });

  it.each(['acl', 'emnlp', 'naacl', 'eacl', 'coling'])('links %s papers to the ACL Anthology', (platform) => {
    expect(sourceUrlOf(paper(platform, null, '2020.acl-main.1'))).toBe('https://aclanthology.org/2020.acl-main.1');
  });

  it('falls back to the (rewritten) pdf_url for other platforms', () => {
    expect(sourceUrlOf(paper('upload', 'http://files.example/x.pdf'))).toBe('https://files.example/x.pdf');
    expect(sourceUrlOf(paper('upload'))).toBeNull();
  });

  it('has no source link for an upload: its PDF path answers a plain link with 401 (it opens in the viewer)', () => {
    expect(sourceUrlOf(paper('upload', '/api/uploads/up_123/pdf'))).toBeNull();
  });
});

describe('app paths', () => {
  it('builds the search path with an encoded query (requirements §4)', () => {
    expect(searchPath('graph neural networks & "GNN"')).toBe('/search?q=graph%20neural%20networks%20%26%20%22GNN%22');
  });

  it('keeps an old-style arXiv id in one path segment', () => {
    expect(paperDetailPath({ paper_id: 'math/0601001', platform: 'arxiv' })).toBe('/paper/math%2F0601001/arxiv');
  });
});
