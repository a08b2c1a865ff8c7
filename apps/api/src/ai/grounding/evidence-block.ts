/**
 * The block in which the model gives a verbatim quote for each citation (ai-notes: Open Paper's
 * evidence block). The prompt asks for it after the answer, in this exact form:
 *
 *   EVIDENCE:
 *   [1] "a verbatim quote from passage 1"
 *   [3] "a verbatim quote from passage 3"
 *
 * The server strips it from the answer the user sees and checks each quote against its passage.
 */
export const EVIDENCE_HEADER = 'EVIDENCE:';

/** The header line, tolerating Markdown emphasis and case that local models add. */
const HEADER_LINE = /^[ \t>#*_]*evidence[ \t*_]*:[ \t*_]*$/im;
/** `[n] "quote"`, with an optional bullet, separator and straight or curly quotes. */
const QUOTE_LINE = /^\s*(?:[-*]\s*)?\[(\d+)\]\s*[:\-–—]?\s*(.+?)\s*$/;
const SURROUNDING_QUOTES = /^["“”']+|["“”']+$/g;

export type TAnswerAndEvidence = {
  /** The answer as shown, without the evidence block. */
  answer: string;
  /** The quotes given for each citation number. */
  quotes: Map<number, string[]>;
};

export function splitAnswerAndEvidence(text: string): TAnswerAndEvidence {
  const header = HEADER_LINE.exec(text);
  const quotes = new Map<number, string[]>();
  if (!header) return { answer: text.trim(), quotes };
  for (const line of text.slice(header.index + header[0].length).split('\n')) {
    const match = QUOTE_LINE.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const quote = match[2].replace(SURROUNDING_QUOTES, '').trim();
    if (!quote) continue;
    const n = Number(match[1]);
    quotes.set(n, [...(quotes.get(n) ?? []), quote]);
  }
  return { answer: text.slice(0, header.index).trim(), quotes };
}

/**
 * The part of a streamed answer that can be shown already: everything before the evidence block,
 * holding back a last line that may still become its header ("EVID…"). Each result is a prefix of
 * the next and of the final answer, so the caller can send the difference as a delta.
 */
export function shownAnswerPrefix(streamed: string): string {
  const header = HEADER_LINE.exec(streamed);
  if (header) return streamed.slice(0, header.index).trimEnd();
  const lastLineStart = streamed.lastIndexOf('\n') + 1;
  const lastLine = streamed.slice(lastLineStart);
  const lastWord = lastLine
    .replace(/^[ \t>#*_]*/, '')
    .replace(/[ \t*_]+$/, '')
    .toUpperCase();
  const mayBecomeHeader = lastLine.trim().length > 0 && EVIDENCE_HEADER.startsWith(lastWord);
  return (mayBecomeHeader ? streamed.slice(0, lastLineStart) : streamed).trimEnd();
}
