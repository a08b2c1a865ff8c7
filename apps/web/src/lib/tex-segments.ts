/** A piece of a title or abstract; start/end locate it in the source text. */
export type TexSegment = { start: number; end: number } & (
  | { kind: 'text'; value: string }
  | { kind: 'math'; value: string; isDisplay: boolean }
);

/** Whether a text may contain TeX math at all (only then is KaTeX loaded). */
export function mayContainMath(text: string): boolean {
  return text.includes('$');
}

/**
 * Splits a title or abstract into plain text and `$…$` / `$$…$$` math segments. An escaped `\$`
 * is a literal dollar, and a `$` without its closing partner stays text (e.g. "costs $5").
 */
export function splitTex(text: string): TexSegment[] {
  const segments: TexSegment[] = [];
  let plain = '';
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('\\$', i)) {
      plain += '$';
      i += 2;
      continue;
    }
    if (text[i] === '$') {
      const delimiter = text.startsWith('$$', i) ? '$$' : '$';
      const close = findClosing(text, i + delimiter.length, delimiter);
      const body = close === -1 ? '' : text.slice(i + delimiter.length, close);
      if (body.trim()) {
        if (plain) segments.push({ kind: 'text', value: plain, start: plainStart, end: i });
        const end = close + delimiter.length;
        segments.push({ kind: 'math', value: body, isDisplay: delimiter === '$$', start: i, end });
        plain = '';
        plainStart = end;
        i = end;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  if (plain) segments.push({ kind: 'text', value: plain, start: plainStart, end: text.length });
  return segments;
}

function findClosing(text: string, from: number, delimiter: string): number {
  let at = text.indexOf(delimiter, from);
  while (at !== -1 && text[at - 1] === '\\') at = text.indexOf(delimiter, at + 1);
  return at;
}

/**
 * The largest cut point ≤ limit that does not fall inside a math segment, so a truncated abstract
 * never ends in half a formula (which would show as raw TeX).
 */
export function mathSafeCut(text: string, limit: number): number {
  if (!mayContainMath(text)) return Math.min(limit, text.length);
  const cutMath = splitTex(text).find((s) => s.kind === 'math' && s.start < limit && limit < s.end);
  return cutMath ? cutMath.start : Math.min(limit, text.length);
}
