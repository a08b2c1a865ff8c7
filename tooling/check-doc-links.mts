/**
 * Doc references written as plain text, which remark-validate-links (the Markdown links, in `pnpm lint`)
 * does not see: `docs/<name>.md#<anchor>` in code comments, scripts and docs, and `<name>.md#<anchor>`
 * in a file under docs/. Each must name a file that exists and a heading in it. Offline: reads the
 * tracked files only. Exit 1 lists every broken reference.
 *
 *   node --experimental-strip-types tooling/check-doc-links.mts
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';

const root = path.resolve(import.meta.dirname, '..');
const TEXT_FILE = /\.(ts|tsx|mts|js|mjs|css|md|json|ya?ml|html|sh)$|(^|\/)\.ci\/run$|Dockerfile$/;
const DOCS_REFERENCE = /(?<![\w./-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g;
const SIBLING_REFERENCE = /(?<![\w./-])([\w-]+\.md)#([\w-]+)/g;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => TEXT_FILE.test(file) && file !== 'pnpm-lock.yaml' && existsSync(path.join(root, file)));

const anchorsByDoc = new Map<string, Set<string> | null>();

/** The GitHub anchors of a Markdown file's headings (outside code fences), or null when it does not exist. */
function anchorsOf(docPath: string): Set<string> | null {
  if (!anchorsByDoc.has(docPath)) {
    const absolute = path.join(root, docPath);
    anchorsByDoc.set(docPath, existsSync(absolute) ? headingAnchors(readFileSync(absolute, 'utf8')) : null);
  }
  return anchorsByDoc.get(docPath) ?? null;
}

function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slugger.slug(heading[1].replace(/`/g, '')));
  }
  return anchors;
}

function problemWith(docPath: string, anchor: string | undefined): string | null {
  const anchors = anchorsOf(docPath);
  if (!anchors) return `no file ${docPath}`;
  if (anchor && !anchors.has(anchor)) return `no heading #${anchor} in ${docPath}`;
  return null;
}

const problems: string[] = [];
for (const file of tracked) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [, doc, anchor] of line.matchAll(DOCS_REFERENCE)) {
      const problem = problemWith(`docs/${doc}`, anchor);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    if (!file.startsWith('docs/')) return;
    for (const [, doc, anchor] of line.matchAll(SIBLING_REFERENCE)) {
      const problem = problemWith(`docs/${doc}`, anchor);
      if (problem) problems.push(`${where}: ${problem}`);
    }
  });
}

if (problems.length > 0) {
  console.error(`${problems.length} broken doc reference(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`doc references: ${tracked.length} files checked, none broken`);
