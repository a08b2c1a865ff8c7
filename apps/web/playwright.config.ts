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
// The SMTP sink the API mails through (e2e/support/smtp-sink.mjs). Its ports follow E2E_PORT, 1000
// apart, so runs on neighbouring E2E_PORTs never collide.
const SMTP_PORT = PORT + 1000;
const SMTP_SINK_HTTP_PORT = PORT + 2000;
// The stand-in for Google sign-in (e2e/support/fake-google.mjs): its JWKS and GIS script, 3000 above.
const FAKE_GOOGLE = `http://127.0.0.1:${PORT + 3000}`;
// docs/security.md#openid-connect: a real OpenID Connect provider (e2e/support/fake-oidc.mjs), 4000 above.
const FAKE_OIDC = `http://127.0.0.1:${PORT + 4000}`;

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
  webServer: [
    {
      command: `node ${path.join(webRoot, 'e2e', 'support', 'smtp-sink.mjs')} ${SMTP_PORT} ${SMTP_SINK_HTTP_PORT}`,
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ${path.join(webRoot, 'e2e', 'support', 'fake-google.mjs')} ${PORT + 3000}`,
      url: `${FAKE_GOOGLE}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ${path.join(webRoot, 'e2e', 'support', 'fake-oidc.mjs')} ${PORT + 4000} ${BASE_URL}`,
      url: `${FAKE_OIDC}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
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
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(SMTP_PORT),
        PUBLIC_URL: BASE_URL,
        OPERATOR_EMAIL: 'operator@paperbench.test',
        // Google sign-in against the local stand-in (e2e/support/google.ts signs in through it).
        GOOGLE_CLIENT_ID: 'paperbench-e2e.apps.googleusercontent.com',
        GOOGLE_JWKS_URL: `${FAKE_GOOGLE}/jwks`,
        GOOGLE_GSI_SCRIPT_URL: `${FAKE_GOOGLE}/gsi/client`,
        // Sign-in with an OpenID Connect provider, beside Google: the local oidc-provider (e2e/oidc-sign-in.spec.ts).
        OIDC_ISSUER_URL: FAKE_OIDC,
        OIDC_CLIENT_ID: 'paperbench-e2e',
        OIDC_CLIENT_SECRET: 'paperbench-e2e-secret-0123456789',
        OIDC_NAME: 'Lab SSO',
        // docs/deploy.md#the-admin-page: e2e/admin.spec.ts signs in as this administrator.
        ADMIN_EMAILS: 'admin@example.test',
        // The flows never reach the internet: no on-demand arXiv fetches, no arXiv PDFs for full text
        // (docs/ai.md#full-text-and-passages: uploads still get theirs), no harvest.
        ARXIV_FETCH_MISSING: 'false',
        FULL_TEXT_FETCH: 'false',
        HARVEST_SETS: '',
        // docs/security.md#rate-limits-and-quotas: every flow comes from 127.0.0.1; budgets stay on, raised well above the run.
        RATE_LIMIT_GET_ID_PER_HOUR: '10000',
        RATE_LIMIT_SEARCH_PER_MINUTE: '10000',
        RATE_LIMIT_UPLOAD_PER_HOUR: '10000',
        RATE_LIMIT_PDF_PROXY_PER_MINUTE: '10000',
        RATE_LIMIT_MAIL_PER_HOUR: '10000',
        RATE_LIMIT_WRITE_PER_MINUTE: '10000',
        RATE_LIMIT_AI_PER_MINUTE: '10000',
        RATE_LIMIT_AI_PER_USER_PER_DAY: '10000',
        CONTACT_RATE_LIMIT_PER_HOUR: '10000',
        MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '10000',
        MAIL_MAX_PER_HOUR: '10000',
      },
      // First start loads the 25k-paper sample corpus into the embedded database.
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
