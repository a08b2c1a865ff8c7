import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export type JsonLine = { line: number; value: unknown } | { line: number; error: string };

/**
 * Streams a JSON-lines file (gzipped when it ends in .gz) one parsed line at a time, in constant
 * memory whatever its size. `onBytes` reports bytes read from disk (compressed), for progress.
 */
export async function* readJsonLines(file: string, onBytes?: (bytesRead: number) => void): AsyncGenerator<JsonLine> {
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  if (onBytes) raw.on('data', () => onBytes(raw.bytesRead));
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  // A pipe does not forward errors: a corrupt gzip or a missing file must end the loop with them.
  raw.on('error', (error) => input.destroy(error));
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    line += 1;
    if (!text.trim()) continue;
    try {
      yield { line, value: JSON.parse(text) };
    } catch {
      yield { line, error: 'not valid JSON' };
    }
  }
}

/**
 * Lines a JSON-lines file likely holds, from its size and a typical line's bytes (gzipped when it ends in
 * .gz): known before reading it, for choosing how to import it and for a progress bar's total.
 */
export function estimateLines(file: string, bytes: number, bytesPerLine: { plain: number; gzipped: number }): number {
  return bytes / (file.endsWith('.gz') ? bytesPerLine.gzipped : bytesPerLine.plain);
}
