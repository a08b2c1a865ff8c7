/** A piece of answer text: plain text, or a citation `[n]` of passage n. */
export type TCitationPiece = { kind: 'text'; value: string } | { kind: 'cite'; n: number };

const CITATION = /\[(\d{1,3})\]/g;

/** Splits answer text at its `[n]` citations (the contract's delta events cite passages so). */
export function splitCitations(text: string): TCitationPiece[] {
  const pieces: TCitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    if (match.index > last) pieces.push({ kind: 'text', value: text.slice(last, match.index) });
    pieces.push({ kind: 'cite', n: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', value: text.slice(last) });
  return pieces;
}
