import { describe, expect, it } from 'vitest';
import { cleanPages } from './clean-page-text';

/** Pages shaped like the fixture PDFs' text (their headers and page numbers as pdf.js gives them). */
const WORDS = ['alpha', 'beta', 'gamma', 'delta'];
const body = (n: number) => `The ${WORDS[n - 1]} results of page ${n}.\nThe ${WORDS[n - 1]} line.`;

describe('page furniture', () => {
  it('drops running headers and footers, digits folded, at either end (Hindawi, BMC)', () => {
    const pages = [1, 2, 3, 4].map((n) =>
      [
        n % 2 ? `Rehabilitation Research and Practice ${n}` : `${n} Rehabilitation Research and Practice`,
        body(n),
        `Agyeman-Duah et al. BMC Health Services Research 2014, 14:1 Page ${n} of 4`,
        'http://www.biomedcentral.com/1472-6963/14/1',
      ].join('\n'),
    );
    expect(cleanPages(pages).map((page) => page.text)).toEqual([1, 2, 3, 4].map(body));
  });

  it('cuts the journal page numbers pdf.js glues to the text ("2271of-the-art", "in this draft.85")', () => {
    const acl = [
      'Title page\n2270SPECTER: a title',
      '2271of-the-art results',
      '2272the [SEP] token',
      '2273tasks in detail',
    ];
    expect(cleanPages(acl).map((page) => page.text)).toEqual([
      'Title page\nSPECTER: a title',
      'of-the-art results',
      'the [SEP] token',
      'tasks in detail',
    ]);
    const naacl = ['as CoNLL-2003 and\n84', 'in this draft.85', 'authors.86', 'the ResNet50'];
    expect(cleanPages(naacl).map((page) => page.text)).toEqual([
      'as CoNLL-2003 and',
      'in this draft.',
      'authors.',
      'the ResNet50',
    ]);
  });

  it('drops a page-of-pages line at the edge in any of the usual languages ("2 de 19", "Page 3 of 10")', () => {
    const pages = [
      '2 de 19\nO crescimento da China.',
      'Página 3 de 19\nA economia cresce.',
      'Seite 4 von 19\nDas Wachstum.',
    ];
    expect(cleanPages(pages).map((page) => page.text)).toEqual([
      'O crescimento da China.',
      'A economia cresce.',
      'Das Wachstum.',
    ]);
  });

  it('leaves numbers that do not follow the pages alone', () => {
    const pages = ['We used 12', 'and 40', 'or 7', 'with 300'];
    expect(cleanPages(pages).map((page) => page.text)).toEqual(pages);
  });

  it("drops arXiv's margin stamp", () => {
    const [page] = cleanPages(['arXiv:2004.07180v4 [cs.CL] 20 May 2020\nSPECTER: Document-level Representation']);
    expect(page?.text).toBe('SPECTER: Document-level Representation');
  });

  it('drops footnote markers glued to words, and the number of the footnote they point to', () => {
    const [page] = cleanPages([
      'Semantically-equivalent entities across on-\ntologies.9 Limited coverage of Smith∗ and data¹.\n9https://github.com/allenai/citeomatic',
    ]);
    expect(page?.text).toBe(
      'Semantically-equivalent entities across ontologies. Limited coverage of Smith and data.\nhttps://github.com/allenai/citeomatic',
    );
  });

  it('keeps numbers that are not footnote markers (Table 2, F1, H2O, 1 Introduction)', () => {
    const text = '1 Introduction\nSee Table 2 for F1 and H2O.\nIt is 2 times faster.';
    expect(cleanPages([text])[0]?.text).toBe(text);
  });
});
