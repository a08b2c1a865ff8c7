import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder, found by walking up from this module. It works both from the TypeScript
 * sources (tsx, vitest) and from the bundled dist/main.js, which sit at different depths.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/api package.json not found');
    dir = parent;
  }
  return dir;
}

export const packageRoot = findPackageRoot();
export const migrationsDir = path.join(packageRoot, 'src', 'db', 'migrations');
