import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT lets two checkouts (or two people) run the flows side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The builds under test; E2E_API_ENTRY / E2E_WEB_DIST run the flows against a copy made elsewhere.
const API_ENTRY = process.env.E2E_API_ENTRY ?? '../api/dist/main.js';
const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(webRoot, 'dist');

/**
 * End-to-end flows against the real app as a newcomer runs it: the built API serving the built web
 * app on one port, with the embedded database in a fresh directory per run (no DATABASE_URL).
 * Chromium is Debian's (/usr/bin/chromium); browsers are never downloaded.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        headless: true,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `node ${API_ENTRY}`,
    url: `${BASE_URL}/api/papers/count`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `paperbench-e2e-${Date.now()}`),
      WEB_DIST,
      LOG_LEVEL: 'warn',
      // Playwright passes the parent environment through; an empty value keeps CI's DATABASE_URL out,
      // so the flows run on the embedded database a newcomer gets.
      DATABASE_URL: '',
    },
    // First start loads the 25k-paper sample corpus into the embedded database.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
