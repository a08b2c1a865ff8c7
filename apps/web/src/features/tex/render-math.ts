import type { KatexOptions } from 'katex';

type TKatex = typeof import('katex')['default'];

/**
 * docs/security.md#browser-headers: titles and abstracts are anyone's text, so KaTeX gets hard bounds. `maxSize` caps
 * every user-given size (\rule, \kern, \hspace, …) at 10em: a `\rule{100000em}{100000em}` title once
 * drew a 3.1-million-pixel block over the page. `maxExpand` stops macro bombs (\def\a{\a\a}) after 200
 * expansions. trust stays off (no \href, \url, \includegraphics); errors render as the source, in red.
 */
export const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  maxSize: 10,
  maxExpand: 200,
} as const satisfies KatexOptions;

/** One formula as KaTeX HTML, or null when KaTeX fails in a way it does not render itself. */
export function renderMath(katex: TKatex, source: string, isDisplay: boolean): string | null {
  try {
    return katex.renderToString(source, { ...KATEX_OPTIONS, displayMode: isDisplay });
  } catch {
    return null;
  }
}
