#!/usr/bin/env node
// Measures the JavaScript the home route loads on first paint, from a finished `vite build`:
// the entry chunk, the home screen's lazy chunk, and every chunk they import statically (found in
// dist/.vite/manifest.json). Prints a markdown table and whether it fits the 200 KB gzip budget, and
// checks (through the source maps) that the heavy, lazily loaded libraries are not part of it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const HOME_SCREEN = 'src/routes/home/home-screen.tsx';
/** Libraries that must load only when used (metric popover, TeX, the PDF viewer). */
const LAZY_LIBRARIES = ['chart.js', 'katex', 'pdfjs-dist'];

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`vite build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[HOME_SCREEN]) {
  console.error(`The manifest has no entry chunk or no ${HOME_SCREEN} chunk.`);
  process.exit(1);
}

/** A chunk and everything it imports statically, depth first, each once. */
function collectStatic(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) collectStatic(imported, seen);
  return seen;
}

const keys = [...collectStatic(HOME_SCREEN, collectStatic(entryKey))];
const chunks = keys.map((key) => {
  const file = manifest[key].file;
  const code = readFileSync(path.join(dist, file));
  const mapPath = path.join(dist, `${file}.map`);
  const sources = existsSync(mapPath) ? JSON.parse(readFileSync(mapPath, 'utf8')).sources : [];
  return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, sources };
});

const kb = (bytes) => (bytes / 1024).toFixed(1);
const total = chunks.reduce((sum, chunk) => ({ raw: sum.raw + chunk.raw, gzip: sum.gzip + chunk.gzip }), {
  raw: 0,
  gzip: 0,
});
const fits = total.gzip <= BUDGET_KB * 1024;

console.log('## Home route: JavaScript on first paint\n');
console.log('| Chunk | Raw (KB) | Gzip (KB) |');
console.log('|---|---:|---:|');
for (const chunk of chunks.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`| ${chunk.file} | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`);
}
console.log(`| **Total** | **${kb(total.raw)}** | **${kb(total.gzip)}** |`);
console.log(`\nBudget: ${kb(total.gzip)} KB gzip ${fits ? '≤' : '>'} ${BUDGET_KB} KB — ${fits ? 'PASS' : 'FAIL'}\n`);

console.log('| Lazy library | In first-paint JS? |');
console.log('|---|---|');
for (const library of LAZY_LIBRARIES) {
  const marker = `node_modules/${library}/`;
  const isIncluded = chunks.some((chunk) => chunk.sources.some((source) => source.includes(marker)));
  console.log(`| ${library} | ${isIncluded ? 'YES — FAIL' : 'no'} |`);
}
