import { constants, createInflate } from 'node:zlib';
import { limitReasons, PdfLimitError } from './pdf-text-limits';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const OBJ = Buffer.from(' obj');

/**
 * Flate bombs (docs/security.md#work-queue-and-pdf-limits): pdf.js inflates a content stream into one growing ArrayBuffer that no
 * heap cap covers (a 3.6 MB file took the process to 3.9 GB). Before pdf.js sees the bytes, every
 * stream that inflates is inflated here by zlib, counting bytes and keeping none, and the document
 * is refused once all of them add up to more than `maxBytes`. Image streams are skipped: text
 * extraction never decodes them, and scanned papers hold large ones legitimately. A stream that is
 * not zlib data counts nothing (pdf.js refuses it too).
 */
export async function assertInflatedSizeWithin(data: Uint8Array, maxBytes: number): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  let from = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, from);
    if (keyword < 0) return;
    from = keyword + STREAM.length;
    // 'endstream' contains 'stream', and the keyword must end its line.
    if (bytes.subarray(keyword - 3, keyword).toString('latin1') === 'end') continue;
    let start = from;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const end = bytes.indexOf(END_STREAM, start);
    const objectStart = bytes.lastIndexOf(OBJ, keyword);
    const dictionary = bytes.subarray(Math.max(0, objectStart), keyword).toString('latin1');
    if (!/\/Flate/.test(dictionary) || /\/Subtype\s*\/Image/.test(dictionary)) continue;
    total += await inflatedSize(bytes.subarray(start, end < 0 ? bytes.length : end), maxBytes - total);
    if (total > maxBytes) throw new PdfLimitError(limitReasons.inflated(maxBytes));
    if (end >= 0) from = end + END_STREAM.length;
  }
}

/** Bytes `compressed` inflates to, counted up to just past `budget` (then it stops inflating). */
function inflatedSize(compressed: Buffer, budget: number): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    // Sync flush: a stream cut short, or followed by the line end before 'endstream', still counts.
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    const settle = () => {
      inflate.removeAllListeners('data');
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        settle();
        inflate.destroy();
      }
    });
    inflate.on('end', settle);
    inflate.on('error', settle);
    inflate.on('close', settle);
    inflate.end(compressed);
  });
}
