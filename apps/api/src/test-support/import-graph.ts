import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every `.ts` file under `dir`, recursively, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
}

/** `import … from`, `export … from` and `import('…')` of a relative path, with the clause before `from`. */
const RELATIVE_IMPORT = /(?:(import|export)\s+([^;]*?)\s+from\s+|import\()'(\.{1,2}\/[^']+)'/g;

/** An import that TypeScript erases: `import type …`, or braces holding only `type X` names. */
function isTypeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
  return names?.split(',').every((name) => name.trim() === '' || /^type\s/.test(name.trim())) === true;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find((file) => file.endsWith('.ts') && existsSync(file));
}

/** The files `file` loads at run time through relative imports (type-only imports left out). */
export function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    if (match[2] && isTypeOnly(match[2])) continue;
    const target = resolve(file, match[3] as string);
    if (target) found.push(target);
  }
  return found;
}

/** Every file reachable from `starts` through runtime imports, never entering a file `stop` names. */
export function reachable(starts: string[], stop: (file: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = starts.filter((file) => !stop(file));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of runtimeImports(file)) if (!stop(next) && !seen.has(next)) pending.push(next);
  }
  return seen;
}
