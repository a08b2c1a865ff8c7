import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PDF_URL_SECRET_FILE, resolvePdfUrlSecret } from './pdf-url-secret';

describe('resolvePdfUrlSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-secret-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('uses PDF_URL_SECRET when set (replicas share it) and writes nothing', async () => {
    const secret = resolvePdfUrlSecret({ secret: 's'.repeat(40), dataDir });
    expect(secret.toString()).toBe('s'.repeat(40));
    await expect(stat(path.join(dataDir, PDF_URL_SECRET_FILE))).rejects.toThrow();
  });

  it('generates a 256-bit key once under DATA_DIR, private to the owner, and reuses it after a restart', async () => {
    const first = resolvePdfUrlSecret({ secret: undefined, dataDir });
    const file = path.join(dataDir, PDF_URL_SECRET_FILE);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(resolvePdfUrlSecret({ secret: undefined, dataDir }).equals(first)).toBe(true);
  });

  it('refuses a stored key too short to be one, naming the file', async () => {
    await writeFile(path.join(dataDir, PDF_URL_SECRET_FILE), 'short');
    expect(() => resolvePdfUrlSecret({ secret: undefined, dataDir })).toThrow(/pdf-url-secret.*PDF_URL_SECRET/);
  });
});

describe('session settings (docs/security.md#sessions)', () => {
  it('defaults to a 400-day idle expiry and 10-minute PDF links', () => {
    const config = loadConfig({});
    expect(config.SESSION_IDLE_DAYS).toBe(400);
    expect(config.PDF_URL_TTL_SECONDS).toBe(600);
    expect(config.PDF_URL_SECRET).toBeUndefined();
  });

  it.each([
    ['PDF_URL_SECRET', 'too-short'],
    ['SESSION_IDLE_DAYS', '0'],
    ['PDF_URL_TTL_SECONDS', '5'],
  ])('refuses a bad %s at start, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
