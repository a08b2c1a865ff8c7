/**
 * The web app's global stylesheets share one class namespace: a selector written in two of them styles
 * the same elements twice, and which rule wins depends on which lazy screen loaded its CSS last. So a
 * selector with a class in it may be written in one global stylesheet only; styles of one feature that
 * need a name another file also uses go in a CSS Module (`*.module.css`, scoped by Vite), see
 * apps/web/README.md. Exit 1 lists every selector found in two global stylesheets.
 *
 *   node --experimental-strip-types tooling/check-css-duplicates.mts
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

const root = path.resolve(import.meta.dirname, '..');
const globalStylesheets = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps/web/src'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file.endsWith('.css') && !file.endsWith('.module.css') && existsSync(path.join(root, file)));

/** Where each selector is written: the same selector inside different @media blocks counts once per file. */
const filesBySelector = new Map<string, Set<string>>();
for (const file of globalStylesheets) {
  postcss.parse(readFileSync(path.join(root, file), 'utf8'), { from: file }).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    for (const selector of rule.selectors) {
      const normalized = selector.replace(/\s+/g, ' ').trim();
      if (!normalized.includes('.')) continue;
      const files = filesBySelector.get(normalized) ?? new Set<string>();
      files.add(file);
      filesBySelector.set(normalized, files);
    }
  });
}

const duplicates = [...filesBySelector].filter(([, files]) => files.size > 1);
if (duplicates.length > 0) {
  console.error(
    `${duplicates.length} selector(s) written in more than one global stylesheet:\n` +
      duplicates.map(([selector, files]) => `  ${selector}: ${[...files].join(', ')}`).join('\n'),
  );
  process.exit(1);
}
console.log(
  `global CSS: ${globalStylesheets.length} stylesheets, ${filesBySelector.size} class selectors, none in two files`,
);
