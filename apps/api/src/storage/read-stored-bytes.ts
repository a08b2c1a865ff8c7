import type { FileStorage } from './file-storage';

/** A stored file's bytes in memory (pdf.js parses from memory; the upload and fetch caps bound what this holds). */
export async function readStoredBytes(storage: FileStorage, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
