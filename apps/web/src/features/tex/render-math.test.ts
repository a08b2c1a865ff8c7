import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { KATEX_OPTIONS, renderMath } from './render-math';

/** Every length KaTeX wrote into its visible HTML, in em (the MathML part repeats the TeX source). */
const emLengths = (html: string) =>
  [...html.slice(html.indexOf('katex-html')).matchAll(/(-?\d+(?:\.\d+)?)em/g)].map((match) =>
    Math.abs(Number(match[1])),
  );

describe('renderMath: hostile TeX stays bounded (docs/security.md#browser-headers)', () => {
  const HOSTILE_RULE = '\\rule{100000em}{100000em}';

  it('KaTeX alone draws a \\rule as large as it is told (what a title once did to the page)', () => {
    expect(Math.max(...emLengths(katex.renderToString(HOSTILE_RULE, { throwOnError: false })))).toBe(100000);
  });

  it.each([HOSTILE_RULE, '\\kern{99999em}x', '\\hspace{5000em}x', '\\rule{1e5em}{1e5em}'])(
    'clamps every size in %s to maxSize',
    (source) => {
      const html = renderMath(katex, source, false);
      expect(html).not.toBeNull();
      // A few ems of strut and baseline on top of the capped size, never thousands.
      expect(Math.max(...emLengths(html ?? ''))).toBeLessThanOrEqual(KATEX_OPTIONS.maxSize + 2);
    },
  );

  it('stops a macro bomb after maxExpand expansions and shows the source as an error', () => {
    const html = renderMath(katex, '\\def\\a{\\a\\a}\\a', false) ?? '';
    expect(html).toContain('katex-error');
    expect(html).toMatch(/Too many expansions/);
  });

  it('renders ordinary math as before', () => {
    const html = renderMath(katex, 'E = mc^2', false) ?? '';
    expect(html).toContain('class="katex"');
    expect(html).not.toContain('katex-error');
  });

  it('keeps trust off: no links out of a title', () => {
    const html = renderMath(katex, '\\href{javascript:alert(1)}{x}', false) ?? '';
    expect(html).not.toContain('href=');
  });
});
