import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../../lib/package-paths';
import { texToProse } from './tex-to-prose';

/** The arXiv metadata fixture's abstracts, by id (real arXiv abstracts, TeX as authors typed it). */
const abstracts = new Map(
  readFileSync(path.join(packageRoot, 'test/fixtures/arxiv-metadata-sample-200.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; abstract: string })
    .map(({ id, abstract }) => [id, abstract]),
);

describe('texToProse', () => {
  it.each([
    ['framework ({\\m}) for user identity linkage', 'framework for user identity linkage'],
    ['we propose the framework {\\m}, which', 'we propose the framework, which'],
    ['runs in $\\mathcal{O}(n^2)$ time', 'runs in O(n^2) time'],
    ['\\emph{graded} and {\\em soft} unification, 5\\% better', 'graded and soft unification, 5% better'],
    ['as shown in \\cite{smith2020}.', 'as shown in.'],
    ['$\\frac{1}{2}$ and $\\frac{a+b}{c}$', '1/2 and (a+b)/c'],
    ['G\\"odel and Erd\\H{o}s, \\v{C}ech', 'Gödel and Erdős, Čech'],
    ["the ``best'' model -- really", 'the “best” model – really'],
    ['costs \\$5 and~more', 'costs $5 and more'],
  ])('%s → %s', (tex, prose) => {
    expect(texToProse(tex)).toBe(prose);
  });

  it.each([
    [
      'hep-ph/9303210',
      'the matrix elements of the ΔB=-ΔC=±1 weak currents. The SU(2)_HF symmetry relates |ΔB|=1 to |ΔC|=1',
    ],
    ['cmp-lg/9406013', 'An extension to classical unification, called graded unification is presented.'],
    ['alg-geom/9405010', 'the R-ideal adj(I):=H^0(Y, Iω_Y), where f:Y -> Spec(R)'],
  ])('a real abstract with TeX reads as prose (%s)', (id, expected) => {
    expect(texToProse(abstracts.get(id) ?? '')).toContain(expected);
  });

  it('leaves no dollar or backslash in any fixture abstract, and changes none that has no TeX', () => {
    expect(abstracts.size).toBe(200);
    for (const abstract of abstracts.values()) {
      const prose = texToProse(abstract);
      expect(prose).not.toMatch(/[\\$]/);
      if (!/[\\${}`]/.test(abstract)) expect(prose).toBe(abstract);
    }
  });
});
