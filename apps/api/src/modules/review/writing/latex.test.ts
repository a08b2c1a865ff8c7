import { describe, expect, it } from 'vitest';
import { escapeLatex, latexParagraph } from './latex';

describe('LaTeX', () => {
  it('escapes every TeX special once', () => {
    expect(escapeLatex('50% of {a_b} & $x^2$ #1 ~ C:\\dir')).toBe(
      '50\\% of \\{a\\_b\\} \\& \\$x\\textasciicircum{}2\\$ \\#1 \\textasciitilde{} C:\\textbackslash{}dir',
    );
  });

  it('turns each [n] into \\cite{key} of its reference and drops unknown numbers', () => {
    const keys = new Map([
      [1, 'Lovelace2019Protein'],
      [2, 'Turing2020Graph'],
    ]);
    expect(latexParagraph('A gains 5% [1]. Both agree [1, 2]. Unknown [7].', (n) => keys.get(n))).toBe(
      'A gains 5\\%~\\cite{Lovelace2019Protein}. Both agree~\\cite{Lovelace2019Protein,Turing2020Graph}. Unknown.',
    );
  });
});
