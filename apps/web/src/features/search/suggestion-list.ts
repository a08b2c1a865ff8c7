import { markPieces, type TMarkedPiece } from '../../lib/text-marks';

/** A suggestion split so the part matching the typed text can be shown in bold. */
export function typedPart(text: string, typed: string): TMarkedPiece[] {
  const needle = typed.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  return markPieces(text, at === -1 ? [] : [[at, at + needle.length]]);
}

/** The option ↑/↓ moves to, wrapping around; -1 (none, the text as typed) sits between last and first. */
export function nextActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? -1 : current + 1;
  return current === -1 ? count - 1 : current - 1;
}
