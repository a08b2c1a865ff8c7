/**
 * docs/mcp.md#bounded-outputs: what one tool answer may hold, so an assistant's context is never flooded. A
 * tool that cuts says so in its answer ("showing 25 of 130; …"), never silently.
 */

/** Most papers (or folders, files, marks) one answer lists. */
export const MAX_ITEMS = 25;
/** Most characters of text one answer carries. */
export const MAX_CHARS = 20_000;
/** Most characters of one abstract in a list of papers. */
export const MAX_ABSTRACT_CHARS = 400;
/** Most characters of one quoted passage or mark. */
export const MAX_QUOTE_CHARS = 1_000;

/** The text on one line: runs of white space (arXiv titles and abstracts have line breaks) as one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** `text` cut to `max` characters at a word, with an ellipsis when it was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/**
 * Lines joined until MAX_CHARS would be passed; what is left out is counted in a closing sentence so the
 * assistant knows the answer was cut.
 */
export function joinBounded(lines: readonly string[], noun: string, max = MAX_CHARS): string {
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length + line.length + 1 > max) break;
    kept.push(line);
    length += line.length + 1;
  }
  if (kept.length === lines.length) return kept.join('\n');
  return `${kept.join('\n')}\n(cut at ${max} characters: showing ${kept.length} of ${lines.length} ${noun})`;
}

/** "showing 1–25 of 130; <hint>" when a list is a slice of more, else null. */
export function sliceNote(offset: number, shown: number, total: number, hint: string): string | null {
  if (offset === 0 && shown >= total) return null;
  const range = shown === 0 ? 'none' : `${offset + 1}–${offset + shown}`;
  return `showing ${range} of ${total}; ${hint}`;
}
