#!/usr/bin/env node
// Reader marks (docs/annotations.md#in-the-reader): how fast the viewer draws 500 marks over 30 pages.
// Spawns the built API serving the built web app (bench-server.mjs, the annotation rate budget raised for
// the seeding), uploads a real 35-page PDF (Liang et al., medRxiv 2024, CC BY 4.0), and seeds 500 marks
// over its first 30 pages through the API: highlights, underlines and notes over runs of 3-12 words, with
// positions only (no rects), as marks made through the API come, so the viewer finds each one's
// rectangles in the text layer: the costlier path (a mark made in the reader brings its rects).
// Then in Debian's Chromium, per run (a fresh context):
//  (a) the marks' list is held back until the first pages are drawn, then released: the time from its
//      response to every mark of the rendered pages being in the DOM;
//  (b) scrolling through all pages a screen at a time, each step waiting for the marks of the pages drawn
//      so far: the total, and per page the 'annotation-marks:page' user timing the viewer records
//      (placing a page's marks to their elements committed), p50 / p95 / max.
// Prints a markdown table; exits non-zero only when something failed.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
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

const RUNS = 3;
const MARKS = 500;
const PAGES = 30;
const TIMEOUT_MS = 60_000;
const TITLE = 'Breast cancer onset age paper';
const KINDS = ['highlight', 'underline', 'note'];
const COLORS = ['yellow', 'green', 'blue', 'pink'];

const pdfFile = path.join(apiRoot, 'test', 'fixtures', 'pdfs-meta', 'medrxiv-2024-liang-et-al-breast-cancer-mi.pdf');

const log = (message) => console.error(`[marks-bench] ${message}`);
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

/** The page texts as the server extracts them (docs/annotations.md#offsets-into-the-extracted-page-text). */
async function pageTexts(bytes) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    const joined = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    texts.push(joined.replaceAll('\0', '').trim());
  }
  await doc.destroy();
  return texts;
}

/** A small deterministic generator, so every run seeds the same marks. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** 500 marks spread over the first 30 pages: runs of 3-12 words at random word starts. */
function seedMarks(texts, paper) {
  const next = random(7);
  const marks = [];
  for (let index = 0; index < MARKS; index++) {
    const page = (index % PAGES) + 1;
    const text = texts[page - 1];
    const words = [...text.matchAll(/\S+/g)];
    const first = Math.floor(next() * Math.max(1, words.length - 12));
    const last = Math.min(words.length - 1, first + 2 + Math.floor(next() * 10));
    const start = words[first].index;
    const end = words[last].index + words[last][0].length;
    marks.push({
      ...paper,
      page,
      kind: KINDS[index % KINDS.length],
      color: COLORS[index % COLORS.length],
      note: index % KINDS.length === 2 ? `Note ${index}` : undefined,
      quote: {
        exact: text.slice(start, end),
        prefix: text.slice(Math.max(0, start - 32), start),
        suffix: text.slice(end, end + 32),
      },
      position: { start, end },
    });
  }
  return marks;
}

async function arrange(baseUrl) {
  const { user_id: userId } = await call(baseUrl, 'POST', '/api/user/get_id');
  const bytes = readFileSync(pdfFile);
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), path.basename(pdfFile));
  form.set('title', TITLE);
  const uploaded = await call(baseUrl, 'POST', '/api/upload/', userId, form);
  const paper = { paper_id: uploaded.paper_id, platform: uploaded.platform };
  const folder = await call(baseUrl, 'POST', '/api/folders/', userId, { name: 'Papers' });
  await call(baseUrl, 'POST', `/api/folders/${folder.id}/files`, userId, paper);
  const texts = await pageTexts(bytes);
  const marks = seedMarks(texts, paper);
  for (let index = 0; index < marks.length; index += 20) {
    await Promise.all(
      marks.slice(index, index + 20).map((mark) => call(baseUrl, 'POST', '/api/annotations', userId, mark)),
    );
  }
  const listed = await call(
    baseUrl,
    'GET',
    `/api/annotations?paper_id=${encodeURIComponent(paper.paper_id)}&platform=${paper.platform}`,
    userId,
  );
  const placed = listed.filter((mark) => mark.anchor !== 'orphaned');
  log(`seeded ${listed.length} marks (${placed.length} placed) over ${PAGES} of ${texts.length} pages`);
  const perPage = {};
  for (const mark of placed) perPage[mark.page] = (perPage[mark.page] ?? 0) + 1;
  return { userId, perPage, placed: placed.length, pageCount: texts.length, bytes: bytes.length };
}

/** In the page: true when every page with a drawn text layer shows all its marks (and at least one page does). */
function allDrawn(perPage) {
  const pages = [...document.querySelectorAll('[data-page-number]')].filter((page) =>
    page.querySelector('.textLayer span'),
  );
  if (pages.length === 0) return false;
  return pages.every(
    (page) =>
      page.querySelectorAll('.annotation-mark').length >= (perPage[page.dataset.pageNumber] ?? 0) ||
      // A page whose text layer is being redrawn (a resize) is counted once it is drawn again.
      !page.querySelector('.annotation-layer'),
  );
}

async function measureRun(browser, baseUrl, arranged) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript((id) => localStorage.setItem('X-User-ID', id), arranged.userId);
    const page = await context.newPage();
    // The marks' list waits until the first pages are drawn, so (a) times drawing alone.
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/annotations\?paper_id=/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: /^File List/ }).click();
    const panel = page.getByRole('complementary', { name: 'File List' });
    await panel.getByRole('button', { name: TITLE, exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-page-number="2"] .textLayer span'), undefined, {
      timeout: TIMEOUT_MS,
    });
    await page.evaluate(() => performance.clearMeasures());
    release();
    const response = await page.waitForResponse(/\/api\/annotations\?paper_id=/, { timeout: TIMEOUT_MS });
    await response.finished();
    const arrived = await page.evaluate(() => performance.now());
    await page.waitForFunction(allDrawn, arranged.perPage, { timeout: TIMEOUT_MS, polling: 'raf' });
    const firstDrawn = (await page.evaluate(() => performance.now())) - arrived;

    // (b) A screen at a time to the end, each step waiting for the drawn pages' marks.
    const scrollStart = await page.evaluate(() => performance.now());
    for (;;) {
      const atEnd = await page.evaluate(() => {
        const scroller = document.querySelector('.pdf-scroller');
        scroller.scrollTop += scroller.clientHeight;
        return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      });
      await page.waitForFunction(allDrawn, arranged.perPage, { timeout: TIMEOUT_MS, polling: 'raf' });
      if (atEnd) break;
    }
    await page.waitForFunction(
      (count) => document.querySelectorAll('.annotation-mark').length >= count,
      arranged.placed,
      { timeout: TIMEOUT_MS, polling: 'raf' },
    );
    const scrolled = (await page.evaluate(() => performance.now())) - scrollStart;
    const perPage = await page.evaluate(() =>
      performance.getEntriesByName('annotation-marks:page').map((entry) => entry.duration),
    );
    const drawnMarks = await page.evaluate(() => document.querySelectorAll('.annotation-mark').length);
    return { firstDrawn, scrolled, perPage, drawnMarks };
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
  // 500 marks in a few seconds: far above the 120 a minute a reader gets (docs/annotations.md#limits).
  process.env.RATE_LIMIT_ANNOTATION_PER_MINUTE = '100000';
  log('starting the built server (SEED_CORPUS=false, fresh DATA_DIR)…');
  const baseUrl = await startServer();
  const arranged = await arrange(baseUrl);
  const browser = await chromium.launch(chromiumLaunchOptions);
  cleanups.push(() => browser.close());
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await measureRun(browser, baseUrl, arranged);
    log(
      `run ${run + 1}: list → drawn ${fmt(result.firstDrawn)} ms; scroll through ${fmt(result.scrolled)} ms; ` +
        `${result.perPage.length} page draws; ${result.drawnMarks} marks in the DOM`,
    );
    runs.push(result);
  }
  const cpus = os.cpus();
  const first = runs.map((run) => run.firstDrawn).sort((a, b) => a - b);
  const scroll = runs.map((run) => run.scrolled).sort((a, b) => a - b);
  const pages = runs.flatMap((run) => run.perPage).sort((a, b) => a - b);
  console.log(
    [
      '## Reader marks: drawing 500 marks over 30 pages',
      '',
      `Machine: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores, ` +
        `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, load average ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}, Node ${process.version}, ${browser.version()} (headless).`,
      `PDF: ${path.basename(pdfFile)}, ${arranged.pageCount} pages, ${arranged.bytes.toLocaleString('en')} bytes; ` +
        `${arranged.placed} marks placed over pages 1-${PAGES}, positions only (rectangles found in the text layer).`,
      '',
      '| Measure | Samples | p50 ms | p95 ms | Max ms |',
      '|---|---:|---:|---:|---:|',
      `| list arrived → marks of the rendered pages drawn | ${first.length} | ${fmt(percentile(first, 50))} | ${fmt(percentile(first, 95))} | ${fmt(first.at(-1))} |`,
      `| scroll through all pages, every page's marks drawn | ${scroll.length} | ${fmt(percentile(scroll, 50))} | ${fmt(percentile(scroll, 95))} | ${fmt(scroll.at(-1))} |`,
      `| one page's marks: placed → committed | ${pages.length} | ${fmt(percentile(pages, 50))} | ${fmt(percentile(pages, 95))} | ${fmt(pages.at(-1))} |`,
      '',
    ].join('\n'),
  );
}

runBench('marks-bench', main);
