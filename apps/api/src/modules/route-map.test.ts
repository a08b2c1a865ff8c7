import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contract } from '@paperbench/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md#route-map: every contract group is served by the module folder of the same name,
 * modules/index.ts says so in one line per group, and the doc's route → module table is this contract's.
 * Pure: reads the contract and the source files, opens no database.
 */
const modulesDir = fileURLToPath(new URL('.', import.meta.url));
const architectureDoc = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));
const TABLE_START = '<!-- route-map:start -->';
const TABLE_END = '<!-- route-map:end -->';

const routesOf = (router: AppRouter): AppRoute[] =>
  Object.values(router).flatMap((value) => (isAppRoute(value) ? [value] : routesOf(value)));

const groups = Object.entries(contract as AppRouter).map(([group, router]) => ({
  group,
  routes: isAppRoute(router) ? [router] : routesOf(router),
}));

/** The route → module table as docs/architecture.md holds it, in the contract's order. */
function expectedTable(): string {
  const rows = groups.flatMap(({ group, routes }) =>
    routes.map((route) => `| ${route.method} | \`${route.path}\` | ${group} | \`modules/${group}/\` |`),
  );
  return ['| Method | Path | Contract group | Module folder |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function documentedTable(): string {
  const doc = readFileSync(architectureDoc, 'utf8');
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) return '';
  return doc.slice(start + TABLE_START.length, end).trim();
}

describe('route map (docs/architecture.md#route-map)', () => {
  it('serves each contract group from modules/<group>/<group>.router.ts', () => {
    const missing = groups
      .map(({ group }) => `${group}/${group}.router.ts`)
      .filter((file) => !existsSync(`${modulesDir}${file}`));
    expect(missing).toEqual([]);
  });

  it('modules/index.ts maps each group key to the router factory of the folder of the same name', () => {
    const index = readFileSync(`${modulesDir}index.ts`, 'utf8');
    const folderOf = new Map(
      [...index.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/[\w-]+\.router';/g)].map(([, factory, folder]) => [
        factory,
        folder,
      ]),
    );
    const served = [...index.matchAll(/^ {4}(\w+): (\w+)\(context\),$/gm)].map(([, group, factory]) => ({
      group,
      folder: folderOf.get(factory),
    }));
    expect(served).toEqual(groups.map(({ group }) => ({ group, folder: group })));
  });

  it("the doc's route → module table is the contract's", () => {
    const expected = expectedTable();
    const documented = documentedTable();
    if (documented !== expected) {
      console.error(`docs/architecture.md, between ${TABLE_START} and ${TABLE_END}, should read:\n\n${expected}\n`);
    }
    expect(documented).toBe(expected);
  });
});
