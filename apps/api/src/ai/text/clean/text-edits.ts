/**
 * docs/ai.md#clean-text: cleaning never rewrites a page's text. It is a list of edits (replace the
 * characters [start, end) of the page by `text`), and the clean text is the page with them applied,
 * carrying for each of its characters the page's characters it came from. So a passage cut from the
 * clean text keeps exact offsets into the page text that pdf.js's text layer shows in the viewer.
 */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface CleanText {
  text: string;
  /** Page offset where the clean character i comes from (an edit's characters all come from its start). */
  starts: readonly number[];
  /** Page offset just past the page characters that made clean character i (an edit's end). */
  ends: readonly number[];
}

/**
 * The edits that do not overlap one already taken, in page order: earlier lists win, so a dropped
 * running header is not also rejoined at a hyphen inside it. Linear in the characters the edits
 * cover (a hostile page may hold a million of them).
 */
export function mergeEdits(...lists: readonly (readonly TextEdit[])[]): TextEdit[] {
  let end = 0;
  for (const list of lists) for (const edit of list) end = Math.max(end, edit.end);
  const covered = new Uint8Array(end + 1);
  const taken: TextEdit[] = [];
  for (const list of lists) {
    for (const edit of list) {
      if (edit.end <= edit.start) continue;
      let free = true;
      for (let i = edit.start; i < edit.end && free; i++) free = covered[i] === 0;
      if (!free) continue;
      covered.fill(1, edit.start, edit.end);
      taken.push(edit);
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** `page` with the (non-overlapping, sorted) `edits` applied, each clean character mapped to its page characters. */
export function applyEdits(page: string, edits: readonly TextEdit[]): CleanText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  const keep = (until: number) => {
    text += page.slice(at, until);
    for (let i = at; i < until; i++) {
      starts.push(i);
      ends.push(i + 1);
    }
  };
  for (const edit of edits) {
    keep(edit.start);
    text += edit.text;
    for (let i = 0; i < edit.text.length; i++) {
      starts.push(edit.start);
      ends.push(edit.end);
    }
    at = edit.end;
  }
  keep(page.length);
  return { text, starts, ends };
}

/** The page offsets [start, end) that the clean characters [start, end) come from. */
export function pageSpanOf(clean: CleanText, start: number, end: number): { start: number; end: number } {
  return { start: clean.starts[start] ?? 0, end: clean.ends[end - 1] ?? 0 };
}

/**
 * The clean text of the page characters [start, end): what a passage stored with those offsets reads.
 * Every clean character whose page characters lie inside the span.
 */
export function cleanTextOf(clean: CleanText, start: number, end: number): string {
  let out = '';
  for (let i = 0; i < clean.text.length; i++) {
    if ((clean.starts[i] ?? 0) >= start && (clean.ends[i] ?? 0) <= end) out += clean.text[i];
  }
  return out;
}
