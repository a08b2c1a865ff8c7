import { ZAiStatus } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlmServer, startFakeLlmServer } from '../../test-support/fake-llm-server';
import { createTestApp, pgliteOnly, type TestApp } from '../../test-support/test-app';

describe.each(pgliteOnly())('GET /api/ai/status (%s)', (driver) => {
  let llm: FakeLlmServer;
  let offline: TestApp;
  let online: TestApp;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    offline = await createTestApp(driver, { seed: false });
    online = await createTestApp(driver, {
      seed: false,
      llm: { baseUrl: llm.baseUrl, model: 'qwen2.5:7b', embeddingModel: 'nomic-embed-text' },
      env: { LLM_API_KEY: 'sk-secret-key' },
    });
  });
  afterAll(async () => {
    await offline.close();
    await online.close();
    await llm.close();
  });

  it('says extractive, with no model and no embeddings, when no LLM_BASE_URL is set', async () => {
    const response = await offline.app.inject({ method: 'GET', url: '/api/ai/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'extractive', model: null, embeddings: null });
  });

  it('names the model and the embedding model, never the endpoint or its key', async () => {
    const response = await online.app.inject({ method: 'GET', url: '/api/ai/status' });
    expect(response.statusCode).toBe(200);
    expect(ZAiStatus.parse(response.json())).toEqual({
      mode: 'model',
      model: 'qwen2.5:7b',
      embeddings: 'nomic-embed-text',
    });
    expect(response.body).not.toContain('127.0.0.1');
    expect(response.body).not.toContain('sk-secret-key');
    // Reading the status makes no model call.
    expect(llm.requests).toHaveLength(0);
  });

  it('gives routes the same model layer as context.ai', () => {
    expect(online.context.ai).toMatchObject({ mode: 'model', modelName: 'qwen2.5:7b' });
    expect(offline.context.ai.mode).toBe('extractive');
  });
});
