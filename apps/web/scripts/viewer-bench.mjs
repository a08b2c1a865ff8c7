#!/usr/bin/env node
// Time to the first rendered page in the PDF viewer, from a finished `vite build` and API build.
// Spawns the built API (node ../api/dist/main.js) serving the built web app on a free port with a
// fresh DATA_DIR and no corpus, arranges a user with the NAACL fixture in a folder through the API,
// then in Debian's Chromium opens the File List, clicks the file and times from the click to
// (a) the first page's canvas holding painted (non-white) pixels and (b) its text layer containing
// 'Literature Graph', both observed inside the page on every animation frame. Each run is a fresh
// browser context (empty HTTP cache): "cold" is the first open, "warm" the second open in the same
// page after closing the viewer. Prints a markdown table; exits non-zero only when something failed.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  apiRoot,
  chromiumLaunchOptions,
  chromiumPath,
  cleanups,
  runBench,
  serverEntry,
  startServer,
  webDist,
} from './bench-server.mjs';

const RUNS = 5;
const OPEN_TIMEOUT_MS = 30_000;
const TITLE = 'Literature Graph paper';
const EXPECTED_TEXT = 'Literature Graph';

const pdfFile = path.join(apiRoot, 'test', 'fixtures', 'pdfs', 'naacl2018-literature-graph-ammar-et-al.pdf');

const log = (message) => console.error(`[viewer-bench] ${message}`);

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const fmt = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function call(baseUrl, method, url, userId, body) {
  const headers = userId ? { 'X-User-ID': userId } : {};
  const init = { method, headers, signal: AbortSignal.timeout(30_000) };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${baseUrl}${url}`, init);
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A user with the NAACL paper in a folder, through the API as the web client would. */
async function arrange(baseUrl) {
  const { user_id: userId } = await call(baseUrl, 'POST', '/api/user/get_id');
  const form = new FormData();
  const bytes = readFileSync(pdfFile);
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), path.basename(pdfFile));
  form.set('title', TITLE);
  const paper = await call(baseUrl, 'POST', '/api/upload/', userId, form);
  const folder = await call(baseUrl, 'POST', '/api/folders/', userId, { name: 'Papers' });
  await call(baseUrl, 'POST', `/api/folders/${folder.id}/files`, userId, paper);
  return { userId, bytes: bytes.length };
}

/**
 * Runs in the page: on every animation frame until both are seen, checks page 1's canvas for
 * non-white pixels (drawn down to 32×32) and its text layer for the expected text; records
 * performance.now() of each first sighting in window.__viewerBench.
 */
function watchFirstPage(expectedText) {
  const state = { start: performance.now(), canvas: undefined, text: undefined };
  window.__viewerBench = state;
  const probe = document.createElement('canvas');
  probe.width = 32;
  probe.height = 32;
  const context = probe.getContext('2d', { willReadFrequently: true });
  const painted = (canvas) => {
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 32, 32);
    context.drawImage(canvas, 0, 0, 32, 32);
    const { data } = context.getImageData(0, 0, 32, 32);
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) return true;
    return false;
  };
  const tick = () => {
    const page = document.querySelector('[data-page-number="1"]');
    const now = performance.now();
    if (state.canvas === undefined && page && painted(page.querySelector('canvas'))) state.canvas = now - state.start;
    if (state.text === undefined && page?.querySelector('.textLayer')?.textContent?.includes(expectedText)) {
      state.text = now - state.start;
    }
    if (state.canvas === undefined || state.text === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function openOnce(page, panel) {
  // The watcher starts in the same task as the click, so its clock starts at the click.
  await page.evaluate(watchFirstPage, EXPECTED_TEXT);
  await panel.getByRole('button', { name: TITLE, exact: true }).click();
  await page.waitForFunction(
    () => window.__viewerBench.canvas !== undefined && window.__viewerBench.text !== undefined,
    undefined,
    { timeout: OPEN_TIMEOUT_MS, polling: 50 },
  );
  return page.evaluate(() => ({ canvas: window.__viewerBench.canvas, text: window.__viewerBench.text }));
}

async function measureRun(browser, baseUrl, userId) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((id) => localStorage.setItem('X-User-ID', id), userId);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: /^File List/ }).click();
    const panel = page.getByRole('complementary', { name: 'File List' });
    await panel.getByRole('button', { name: TITLE, exact: true }).waitFor({ timeout: OPEN_TIMEOUT_MS });
    const cold = await openOnce(page, panel);
    // The File List toggle closes the PDF while one is shown, back to the list.
    await page.getByRole('button', { name: /^File List/ }).click();
    await page.getByRole('region', { name: TITLE }).waitFor({ state: 'hidden', timeout: OPEN_TIMEOUT_MS });
    const warm = await openOnce(page, panel);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

async function main() {
  for (const [file, hint] of [
    [serverEntry, 'pnpm --filter @paperbench/api build'],
    [path.join(webDist, 'index.html'), 'pnpm --filter @paperbench/web build'],
    [pdfFile, 'the API test fixtures'],
    [chromiumPath, 'apt-get install chromium, or set CHROMIUM_PATH'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing (${hint})`);
  }
  log('starting the built server (SEED_CORPUS=false, fresh DATA_DIR)…');
  const baseUrl = await startServer();
  const { userId, bytes } = await arrange(baseUrl);
  const browser = await chromium.launch(chromiumLaunchOptions);
  cleanups.push(() => browser.close());
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await measureRun(browser, baseUrl, userId);
    log(
      `run ${run + 1}: cold canvas ${fmt(result.cold.canvas)} ms, text ${fmt(result.cold.text)} ms; ` +
        `warm canvas ${fmt(result.warm.canvas)} ms, text ${fmt(result.warm.text)} ms`,
    );
    runs.push(result);
  }
  const cpus = os.cpus();
  const rows = [];
  for (const open of ['cold', 'warm']) {
    for (const [key, label] of [
      ['canvas', 'first page canvas painted'],
      ['text', `first page text layer has '${EXPECTED_TEXT}'`],
    ]) {
      const sorted = runs.map((r) => r[open][key]).sort((a, b) => a - b);
      rows.push(`| ${open} | ${label} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(sorted.at(-1))} |`);
    }
  }
  console.log(
    [
      '## PDF viewer: click to first rendered page',
      '',
      `Machine: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores, ` +
        `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, ${browser.version()} (headless).`,
      `PDF: ${path.basename(pdfFile)}, 8 pages, ${bytes.toLocaleString('en')} bytes.`,
      '',
      '| Open | Until | Runs | p50 ms | Max ms |',
      '|---|---|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}

runBench('viewer-bench', main);
