import { type FakeLlmServer, startFakeLlmServer } from './fake-llm-server';
import { createTestApp, type Driver, type TestApp } from './test-app';

/** docs/ai.md#modes: the same routes with a model (the fake OpenAI-compatible server) and without one. */
export interface ModelAndOfflineApps {
  fake: FakeLlmServer;
  /** LLM_BASE_URL points at `fake`: model mode. */
  model: TestApp;
  /** No model configured: extractive mode. */
  offline: TestApp;
  close(): Promise<void>;
}

export async function startModelAndOfflineApps(driver: Driver): Promise<ModelAndOfflineApps> {
  const fake = await startFakeLlmServer();
  const [model, offline] = await Promise.all([
    createTestApp(driver, { seed: false, llm: { baseUrl: fake.baseUrl } }),
    createTestApp(driver, { seed: false }),
  ]);
  return {
    fake,
    model,
    offline,
    close: async () => {
      await Promise.all([model.close(), offline.close()]);
      await fake.close();
    },
  };
}
