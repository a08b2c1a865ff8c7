/**
 * The web app's global stylesheets share one class namespace, and lazy screens load their CSS in the
 * order a user happens to visit them: two files that style the same class make the look depend on that
 * order. So every class has one home (apps/web/README.md, "Styles"), checked here:
 *
 * 1. A selector with a class in it is written in one global stylesheet only.
 * 2. A class is styled on its own (a one-compound selector: `.tag`, `.tag:hover`, `button.tag`) by one
 *    stylesheet only, its home. State classes (`is-*`, `has-*`) are modifiers and have no home.
 * 3. Another stylesheet styles a class from elsewhere only inside a class that is its own (no other
 *    stylesheet mentions it), so the override is scoped to that feature: `.grants-intro .button`.
 *
 * A feature that needs a name another stylesheet also uses writes a CSS Module (`*.module.css`, scoped by
 * Vite), which this check does not read. Exit 1 lists every break of the three rules.
 *
 *   node --experimental-strip-types tooling/check-css-scope.mts
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

const root = path.resolve(import.meta.dirname, '..');
const globalStylesheets = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps/web/src'],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => file.endsWith('.css') && !file.endsWith('.module.css') && existsSync(path.join(root, file)));

interface StyledSelector {
  file: string;
  selector: string;
  /** Classes of the last compound: the elements the rule styles. */
  subject: string[];
  /** Classes of the compounds before it: where those elements must sit. */
  context: string[];
}

const isState = (name: string) => /^(is|has)-/.test(name);
const classesOf = (compound: string) => [...compound.matchAll(/\.([\w-]+)/g)].map((match) => match[1] as string);

/** Compounds of a selector, outermost first; functional pseudo-classes are read as conditions, not context. */
function compoundsOf(selector: string): string[] {
  const flat = selector.replace(/:(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g, '');
  return flat
    .trim()
    .split(/\s*[\s>+~]\s*/)
    .filter(Boolean);
}

const styled: StyledSelector[] = [];
const filesBySelector = new Map<string, Set<string>>();
const filesByClass = new Map<string, Set<string>>();
const homesByClass = new Map<string, Set<string>>();
const add = (map: Map<string, Set<string>>, key: string, file: string) =>
  map.set(key, (map.get(key) ?? new Set()).add(file));

for (const file of globalStylesheets) {
  postcss.parse(readFileSync(path.join(root, file), 'utf8'), { from: file }).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    for (const raw of rule.selectors) {
      const selector = raw.replace(/\s+/g, ' ').trim();
      if (!selector.includes('.')) continue;
      add(filesBySelector, selector, file);
      const compounds = compoundsOf(selector);
      const subject = classesOf(compounds.at(-1) ?? '').filter((name) => !isState(name));
      const context = compounds.slice(0, -1).flatMap(classesOf);
      for (const name of classesOf(selector)) add(filesByClass, name, file);
      if (compounds.length === 1) for (const name of subject) add(homesByClass, name, file);
      styled.push({ file, selector, subject, context });
    }
  });
}

const problems: string[] = [];
for (const [selector, files] of filesBySelector) {
  if (files.size > 1) problems.push(`${selector}: written in ${[...files].join(', ')}`);
}
for (const [name, homes] of homesByClass) {
  if (homes.size > 1) problems.push(`.${name}: styled on its own in ${[...homes].join(', ')}`);
}
const ownsScope = (file: string, context: string[]) =>
  context.some((name) => [...(filesByClass.get(name) ?? [])].every((owner) => owner === file));
for (const { file, selector, subject, context } of styled) {
  for (const name of subject) {
    const homes = homesByClass.get(name);
    if (homes && !homes.has(file) && !ownsScope(file, context)) {
      problems.push(
        `${selector} in ${file}: .${name} lives in ${[...homes].join(', ')}; scope it inside a class of ${file}`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(
    `${problems.length} break(s) of one home per class (apps/web/README.md, "Styles"):\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `global CSS: ${globalStylesheets.length} stylesheets, ${homesByClass.size} classes, each with one home; ${filesBySelector.size} class selectors, none in two files`,
);
