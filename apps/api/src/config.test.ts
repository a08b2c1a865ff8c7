import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that run the app with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('./.data'),
      LOG_LEVEL: 'info',
      SEED_CORPUS: true,
      BODY_LIMIT: 1024 * 1024,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.CORPUS_FILE).toMatch(/arxiv-metadata-sample-25k\.jsonl\.gz$/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SEED_CORPUS: 'yes' }, 'SEED_CORPUS'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });
});
