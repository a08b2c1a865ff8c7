import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the generated key lives when PDF_URL_SECRET is unset. */
export const PDF_URL_SECRET_FILE = 'pdf-url-secret';

/**
 * The HMAC key of signed PDF URLs (docs/security.md#sessions). PDF_URL_SECRET when set (replicas behind one
 * load balancer must share it: a URL signed by one is checked by another). Unset, a 256-bit key is
 * generated once and kept in DATA_DIR/pdf-url-secret (mode 0600), so URLs survive a restart of a
 * single server; `wx` makes two processes racing to create it agree on the first one's key.
 */
export function resolvePdfUrlSecret({ secret, dataDir }: { secret: string | undefined; dataDir: string }): Buffer {
  if (secret) return Buffer.from(secret, 'utf8');
  const file = path.join(dataDir, PDF_URL_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < 32)
    throw new Error(`${file} holds a key shorter than 32 characters: delete it or set PDF_URL_SECRET`);
  return Buffer.from(stored, 'utf8');
}
