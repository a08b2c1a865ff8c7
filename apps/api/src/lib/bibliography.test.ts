import { describe, expect, it } from 'vitest';
import { type BibliographyPaper, toBibtex, toCslItems } from './bibliography';

const paper = (overrides: Partial<BibliographyPaper> = {}): BibliographyPaper => ({
  platform: 'arxiv',
  paperId: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  publishedDate: '2017-06-12',
  doi: null,
  pdfUrl: null,
  ...overrides,
});

describe('bibliography (BibTeX through citation-js)', () => {
  it('maps an arXiv paper to a preprint with its id, year and abstract page', () => {
    const bib = toBibtex([paper()]);
    expect(bib).toMatch(/^@misc\{Vaswani2017Attention,/);
    expect(bib).toContain('author = {Vaswani, Ashish and Shazeer, Noam}');
    expect(bib).toContain('year = {2017}');
    // Capitalised words are braced, so BibTeX styles keep their case.
    expect(bib).toContain('title = {Attention {Is} {All} {You} {Need}}');
    expect(bib).toContain('url = {https://arxiv.org/abs/1706.03762}');
    expect(bib).toContain('note = {arXiv:1706.03762}');
  });

  it('keeps a DOI, escapes TeX specials and gives clashing keys a, b', () => {
    const bib = toBibtex([
      paper({
        platform: 'acl',
        paperId: 'N19-1423',
        title: 'BERT & {friends} 100%',
        doi: '10.18653/v1/N19-1423',
        pdfUrl: 'https://aclanthology.org/N19-1423.pdf',
      }),
      paper({ paperId: '1706.00001' }),
      paper({ paperId: '1706.00002' }),
    ]);
    expect(bib).toContain('doi = {10.18653/v1/N19-1423}');
    expect(bib).toContain('@article{Vaswani2017BERT,');
    expect(bib).toContain('\\&');
    expect(bib).not.toMatch(/title = \{BERT & /);
    expect(bib).toContain('@misc{Vaswani2017Attention,');
    expect(bib).toContain('@misc{Vaswani2017Attentiona,');
  });

  it('leaves out what a paper lacks: no author, no date, no URL for a private upload', () => {
    const [item] = toCslItems([
      paper({ platform: 'upload', paperId: 'up-1', authors: [], publishedDate: null, title: 'Draft' }),
    ]);
    expect(item).toEqual({ id: 'upload:up-1', 'citation-key': 'Draft', type: 'article', title: 'Draft' });
    expect(toBibtex([])).toBe('');
  });
});
