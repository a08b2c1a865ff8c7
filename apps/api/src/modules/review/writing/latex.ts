/** TeX's special characters and what stands for each in running text. */
const TEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '%': '\\%',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
};

/** Plain text as LaTeX: its specials escaped in one pass (so an escape's own backslash is never escaped again). */
export const escapeLatex = (text: string): string =>
  text.replace(/[\\{}$&#%_^~]/g, (special) => TEX_SPECIALS[special] ?? special);

/** `[1, 3]` markers, with the space before them. */
const MARKER = /\s*\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * A section's text as LaTeX (docs/review.md#export): the words escaped, each `[n]` a `~\cite{key}` of
 * its reference (a marker citing several: one `\cite{a,b}`). A number with no reference is dropped.
 */
export function latexParagraph(text: string, keyOf: (n: number) => string | undefined): string {
  let result = '';
  let cursor = 0;
  for (const match of text.matchAll(MARKER)) {
    result += escapeLatex(text.slice(cursor, match.index));
    cursor = (match.index ?? 0) + match[0].length;
    const keys = (match[1] ?? '').split(',').flatMap((n) => keyOf(Number(n.trim())) ?? []);
    if (keys.length > 0) result += `~\\cite{${[...new Set(keys)].join(',')}}`;
  }
  return result + escapeLatex(text.slice(cursor));
}
