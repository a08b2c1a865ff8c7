#!/usr/bin/env node
// docs/security.md#browser-headers: bytes the home route transfers, as a first visit in Chromium sees them. Spawns
// the built API serving the built web app (bench-server.mjs), opens '/' in a fresh browser context
// (empty HTTP cache; Chromium sends Accept-Encoding: gzip, deflate, br, zstd) and waits until the
// network is idle. Sums, per response, the bytes on the wire (body as encoded + headers) and the
// decoded body, which is what the same visit would transfer without compression. Then reloads in
// the same context to show what the cache headers save (hashed assets are not asked for again).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import {
  chromiumLaunchOptions,
  chromiumPath,
  cleanups,
  runBench,
  serverEntry,
  startServer,
  webDist,
} from './bench-server.mjs';

const log = (message) => console.error(`[home-transfer] ${message}`);
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** One visit of '/' in `page`: every response's kind, encoding, wire bytes and decoded bytes. */
async function visit(page) {
  const rows = [];
  const pending = [];
  const onResponse = (response) => {
    pending.push(
      (async () => {
        const url = new URL(response.url());
        const sizes = await response.request().sizes();
        const body = response.status() === 304 ? Buffer.alloc(0) : await response.body().catch(() => Buffer.alloc(0));
        rows.push({
          path: url.pathname,
          status: response.status(),
          encoding: response.headers()['content-encoding'] ?? '—',
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          decoded: body.length,
        });
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Recent Papers' }).waitFor();
  await Promise.all(pending);
  page.off('response', onResponse);
  return rows;
}

const total = (rows, key) => rows.reduce((sum, row) => sum + row[key], 0);

async function main() {
  for (const [file, hint] of [
    [serverEntry, 'pnpm --filter @paperbench/api build'],
    [`${webDist}/index.html`, 'pnpm --filter @paperbench/web build'],
    [chromiumPath, 'apt-get install chromium, or set CHROMIUM_PATH'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing (${hint})`);
  }
  log('starting the built server (SEED_CORPUS=false, fresh DATA_DIR)…');
  const baseUrl = await startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  const first = await visit(page);
  const repeat = await visit(page);

  const lines = [
    '## Home route: bytes transferred (first visit, Chromium)',
    '',
    '| Response | Status | Encoding | Transferred (KB) | Decoded (KB) |',
    '|---|---:|---|---:|---:|',
    ...first
      .sort((a, b) => b.wire - a.wire)
      .map((row) => `| ${row.path} | ${row.status} | ${row.encoding} | ${kb(row.wire)} | ${kb(row.decoded)} |`),
    `| **Total (${first.length} responses)** | | | **${kb(total(first, 'wire'))}** | **${kb(total(first, 'decoded'))}** |`,
    '',
    `Repeat visit in the same browser: ${repeat.length} responses, ${kb(total(repeat, 'wire'))} KB transferred ` +
      '(hashed assets come from the cache without a request).',
    '',
  ];
  console.log(lines.join('\n'));
}

runBench('home-transfer', main);
