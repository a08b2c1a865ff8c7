import { describe, expect, it } from 'vitest';
import { quoteCitation, surnameOf } from './quote-citation';

const paper = (authors: string[], published_date: string | null = '2020-07-05') => ({ authors, published_date });

describe('quoteCitation', () => {
  it('more than two authors: the first surname and et al.', () => {
    expect(
      quoteCitation('citation-informed transformers', paper(['Arman Cohan', 'Sergey Feldman', 'Iz Beltagy']), 5),
    ).toBe('"citation-informed transformers" (Cohan et al., 2020, p. 5)');
  });

  it('two authors: A and B', () => {
    expect(quoteCitation('a quote', paper(['Paula Carina de Araújo', 'Leilah Santiago Bufrem'], '2021'), 3)).toBe(
      '"a quote" (Araújo and Bufrem, 2021, p. 3)',
    );
  });

  it('one author, and surname-first names', () => {
    expect(quoteCitation('x', paper(['Marder, Eve'], '2012-11-13'), 1)).toBe('"x" (Marder, 2012, p. 1)');
  });

  it('line breaks of the page text become single spaces', () => {
    expect(quoteCitation(' two\nlines  here ', paper(['Eve Marder']), 2)).toBe('"two lines here" (Marder, 2020, p. 2)');
  });

  it('no authors or no date: what is known, n.d. for the year', () => {
    expect(quoteCitation('q', paper([], null), 4)).toBe('"q" (n.d., p. 4)');
    expect(quoteCitation('q', undefined, 4)).toBe('"q" (n.d., p. 4)');
  });
});

describe('surnameOf', () => {
  it('skips generational suffixes', () => {
    expect(surnameOf('Martin Luther King Jr.')).toBe('King');
  });
});
