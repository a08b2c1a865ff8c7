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

  it('keeps files under DATA_DIR and caps uploads and remote fetches by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/paperbench' });
    expect(config).toMatchObject({
      STORAGE_DIR: '/srv/paperbench/files',
      UPLOAD_MAX_BYTES: 50 * 1024 * 1024,
      ARXIV_PDF_BASE_URL: 'https://export.arxiv.org',
      ACL_PDF_BASE_URL: 'https://aclanthology.org',
      PDF_FETCH_TIMEOUT_MS: 30_000,
      PDF_FETCH_MAX_BYTES: 100 * 1024 * 1024,
    });
    expect(loadConfig({ STORAGE_DIR: 'files' }).STORAGE_DIR).toBe(path.resolve('files'));
  });

  it('logs pretty on a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, { isTTY: true }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({}, { isTTY: false }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { isTTY: true }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { isTTY: false }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }, { isTTY: false }).LOG_FORMAT).toBe('json');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SEED_CORPUS: 'yes' }, 'SEED_CORPUS'],
    [{ ARXIV_PDF_BASE_URL: 'file:///etc' }, 'ARXIV_PDF_BASE_URL'],
    [{ UPLOAD_MAX_BYTES: '-1' }, 'UPLOAD_MAX_BYTES'],
    [{ JOBS_ENABLED: 'maybe' }, 'JOBS_ENABLED'],
    [{ SMTP_PORT: 'smtp' }, 'SMTP_PORT'],
    [{ OPERATOR_EMAIL: 'not an address' }, 'OPERATOR_EMAIL'],
    [{ DAILY_JOBS_HOUR_UTC: '24' }, 'DAILY_JOBS_HOUR_UTC'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });

  it('reads lists and leaves empty optional settings unset', () => {
    const config = loadConfig({ HARVEST_SETS: ' cs, stat ,,math ', SMTP_HOST: '', PORT: '8080' });
    expect(config.HARVEST_SETS).toEqual(['cs', 'stat', 'math']);
    expect(config.SMTP_HOST).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://papers.example.org/' }).PUBLIC_URL).toBe('https://papers.example.org');
  });

  it('harvests every top-level arXiv set unless HARVEST_SETS is set; an empty value switches it off', () => {
    expect(loadConfig({}).HARVEST_SETS).toEqual(['cs', 'econ', 'eess', 'math', 'physics', 'q-bio', 'q-fin', 'stat']);
    expect(loadConfig({ HARVEST_SETS: '' }).HARVEST_SETS).toEqual([]);
    expect(loadConfig({ HARVEST_SETS: ' , ' }).HARVEST_SETS).toEqual([]);
    expect(loadConfig({ HARVEST_SETS: 'physics:hep-th' }).HARVEST_SETS).toEqual(['physics:hep-th']);
  });
});

describe('loadConfig: the model layer (docs/ai.md)', () => {
  it('is offline (no model, no embeddings) by default, with json_schema, a timeout and a concurrency cap', () => {
    const config = loadConfig({});
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(config.LLM_MODEL).toBeUndefined();
    expect(config.EMBEDDING_MODEL).toBeUndefined();
    expect(config).toMatchObject({
      LLM_STRUCTURED_OUTPUT: 'json_schema',
      LLM_TIMEOUT_MS: 120_000,
      LLM_MAX_CONCURRENT: 4,
      RATE_LIMIT_AI_PER_USER_PER_DAY: 500,
    });
  });

  it('reads an endpoint, its model, key, structured-output mode and embeddings', () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'qwen2.5:7b',
      LLM_API_KEY: 'ollama',
      LLM_STRUCTURED_OUTPUT: 'none',
      EMBEDDING_MODEL: 'nomic-embed-text',
      LLM_TIMEOUT_MS: '5000',
      LLM_MAX_CONCURRENT: '2',
      RATE_LIMIT_AI_PER_USER_PER_DAY: '3',
    });
    expect(config).toMatchObject({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'qwen2.5:7b',
      LLM_API_KEY: 'ollama',
      LLM_STRUCTURED_OUTPUT: 'none',
      EMBEDDING_MODEL: 'nomic-embed-text',
      LLM_TIMEOUT_MS: 5000,
      LLM_MAX_CONCURRENT: 2,
      RATE_LIMIT_AI_PER_USER_PER_DAY: 3,
    });
    expect(config.EMBEDDING_BASE_URL).toBeUndefined();
    expect(loadConfig({ LLM_BASE_URL: '', LLM_MODEL: '' }).LLM_BASE_URL).toBeUndefined();
  });

  it.each([
    [{ LLM_BASE_URL: 'http://127.0.0.1:8000/v1' }, 'LLM_MODEL'],
    [{ EMBEDDING_MODEL: 'nomic-embed-text' }, 'EMBEDDING_BASE_URL'],
    [{ LLM_STRUCTURED_OUTPUT: 'xml' }, 'LLM_STRUCTURED_OUTPUT'],
    [{ LLM_BASE_URL: 'localhost:11434' }, 'LLM_BASE_URL'],
    [{ LLM_TIMEOUT_MS: '0' }, 'LLM_TIMEOUT_MS'],
    [{ LLM_MAX_CONCURRENT: '0' }, 'LLM_MAX_CONCURRENT'],
    [{ RATE_LIMIT_AI_PER_USER_PER_DAY: 'lots' }, 'RATE_LIMIT_AI_PER_USER_PER_DAY'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });
});

describe('loadConfig: scale-out (docs/deploy.md)', () => {
  it('keeps PDFs on disk and reads from the primary by default; path-style S3 URLs follow S3_ENDPOINT', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_PREFIX: '', S3_FORCE_PATH_STYLE: false });
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.DATABASE_READ_URL).toBeUndefined();
    const minio = loadConfig({ S3_BUCKET: 'papers', S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: '/pb/' });
    expect(minio).toMatchObject({ S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'pb' });
    expect(loadConfig({ S3_BUCKET: 'papers', S3_ENDPOINT: 'http://s3', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it.each([
    [{ S3_BUCKET: 'papers', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'papers', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'papers', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ DATABASE_READ_URL: 'postgres://replica/paperbench' }, 'DATABASE_READ_URL'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });
});
