/**
 * The figures docs/architecture.md#house-rules keeps: files over 300 lines, functions over 80 lines, and
 * pairs of API modules that import each other. `--check` fails (exit 1) when a rule is broken, so lint
 * keeps the figures where they are; without it the script prints them.
 *
 *   pnpm lint:metrics (node --experimental-strip-types tooling/code-metrics.mts [--check] [--list])
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;

const root = path.resolve(import.meta.dirname, '..');
const isTest = (file: string) => /\.test\.|\.spec\.|\/e2e\/|\/test\/|\/test-support\/|\/fuzz\//.test(file);
const isGenerated = (file: string) => /\/db\/migrations\/|\/queries\/.*\.sql$/.test(file);

const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts') && !isTest(file) && !isGenerated(file));

interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const longFiles: { file: string; lines: number }[] = [];
const longFunctions: LongFunction[] = [];
const moduleImports = new Map<string, Set<string>>();

const MODULES = 'apps/api/src/modules/';
const moduleOf = (file: string) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined);

function functionName(node: ts.Node): string {
  const parent = node.parent;
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

for (const file of sources) {
  let text: string;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lineCount > MAX_FILE_LINES) longFiles.push({ file, lines: lineCount });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const owner = moduleOf(file);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        longFunctions.push({ file, line: start + 1, name: functionName(node), lines: end - start + 1 });
      }
    }
    if (owner && (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text;
      if (specifier.startsWith('.')) {
        const target = moduleOf(path.posix.join(path.posix.dirname(file), specifier));
        if (target && target !== owner) {
          if (!moduleImports.has(owner)) moduleImports.set(owner, new Set());
          moduleImports.get(owner)?.add(target);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const mutualPairs: string[] = [];
for (const [from, targets] of moduleImports) {
  for (const to of targets) if (from < to && moduleImports.get(to)?.has(from)) mutualPairs.push(`${from} <-> ${to}`);
}

const list = process.argv.includes('--list');
console.log(`files over ${MAX_FILE_LINES} lines (outside tests and generated SQL): ${longFiles.length}`);
if (list) for (const { file, lines } of longFiles) console.log(`  ${file}: ${lines}`);
console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${longFunctions.length}`);
if (list)
  for (const f of longFunctions.sort((a, b) => b.lines - a.lines))
    console.log(`  ${f.file}:${f.line} ${f.name}: ${f.lines}`);
console.log(`API module pairs importing each other: ${mutualPairs.length}`);
for (const pair of mutualPairs) console.log(`  ${pair}`);

// Lint holds the two rules the code meets today; long functions are counted (and shrinking) but not yet a rule.
if (process.argv.includes('--check') && (longFiles.length > 0 || mutualPairs.length > 0)) {
  process.exitCode = 1;
}
