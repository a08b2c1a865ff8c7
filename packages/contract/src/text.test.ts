import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contract,
  isZText,
  TEXT_NUL_MESSAGE,
  TEXT_SURROGATE_MESSAGE,
  ZPageViewBeacon,
  ZTimestamp,
  ZUploadForm,
  zText,
} from './index';

/** Every zod string reachable from a schema, with the path that leads to it (docs/security.md#input-validation). */
function findStrings(schema: unknown, at: string): { at: string; schema: z.ZodString }[] {
  if (!(schema instanceof z.ZodType)) return [];
  const walk = (inner: unknown, where = at) => findStrings(inner, where);
  if (schema instanceof z.ZodString) return [{ at, schema }];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, unknown>).flatMap(([key, value]) =>
      walk(value, `${at}.${key}`),
    );
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return walk(schema.unwrap());
  if (schema instanceof z.ZodDefault) return walk(schema._def.innerType);
  if (schema instanceof z.ZodEffects) return walk(schema.innerType());
  if (schema instanceof z.ZodPipeline) return [...walk(schema._def.in), ...walk(schema._def.out)];
  if (schema instanceof z.ZodArray) return walk(schema.element, `${at}[]`);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return (schema.options as unknown[]).flatMap((option) => walk(option));
  }
  if (schema instanceof z.ZodIntersection) return [...walk(schema._def.left), ...walk(schema._def.right)];
  if (schema instanceof z.ZodTuple) return (schema.items as unknown[]).flatMap((item, i) => walk(item, `${at}[${i}]`));
  if (schema instanceof z.ZodRecord) return walk(schema.valueSchema, `${at}{}`);
  if (schema instanceof z.ZodCatch || schema instanceof z.ZodReadonly) return walk(schema._def.innerType);
  if (schema instanceof z.ZodBranded) return walk(schema.unwrap());
  return [];
}

const collectRoutes = (router: AppRouter, prefix = ''): { name: string; route: AppRoute }[] =>
  Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [{ name: prefix + key, route: value }] : collectRoutes(value, `${prefix}${key}.`),
  );

/** Every string a client sends: path params, query, headers and JSON bodies of every route. */
const requestStrings = collectRoutes(contract).flatMap(({ name, route }) => [
  ...findStrings(route.pathParams, `${name} path`),
  ...findStrings(route.query, `${name} query`),
  ...findStrings(route.headers, `${name} headers`),
  ...(route.method === 'GET' ? [] : findStrings((route as { body?: unknown }).body, `${name} body`)),
]);

describe('zText: the one text type of request input (docs/security.md#input-validation)', () => {
  it('refuses a NUL character and lone surrogates with a message that names the problem', () => {
    const name = zText({ trim: true, min: 1, max: 20, label: 'name' });
    const errorOf = (value: unknown) => name.safeParse(value).error?.issues[0]?.message;
    expect(errorOf('a\u0000b')).toBe(TEXT_NUL_MESSAGE);
    for (const lone of ['\uD800', 'x\uDBFF', '\uDC00x', '\uD83D\uDE00\uDE00', '\uD83D\uD83D\uDE00']) {
      expect(errorOf(lone), JSON.stringify(lone)).toBe(TEXT_SURROGATE_MESSAGE);
    }
    expect(errorOf('   ')).toBe('name must not be empty');
    expect(errorOf('x'.repeat(21))).toBe('name must be at most 20 characters');
    expect(errorOf(42)).toBe('Expected string, received number');
  });

  it('keeps real Unicode, including astral characters as surrogate pairs', () => {
    expect(zText({ trim: true }).parse('  Schrödinger 😀 𝔸 中文 ')).toBe('Schrödinger 😀 𝔸 中文');
  });

  it('checks a megabyte of text without overflowing the regex stack', () => {
    const big = 'aé😀'.repeat(2_000_000);
    expect(zText().safeParse(big).success).toBe(true);
    expect(zText().safeParse(`${big}\uD800`).success).toBe(false);
  });

  it('walks real routes (sanity: the walker finds the strings of bodies, queries and paths)', () => {
    const places = requestStrings.map((s) => s.at);
    expect(places).toContain('folders.rename body.name');
    expect(places).toContain('search.searchSuggestions query.q');
    expect(places).toContain('papers.click path.id');
    expect(requestStrings.length).toBeGreaterThan(30);
  });

  it('is the type of every string a client sends, in every route of the contract', () => {
    const stray = requestStrings.filter(({ schema }) => !isZText(schema)).map((s) => s.at);
    expect(stray).toEqual([]);
  });

  it('is the type of the upload form fields and the beacon too (parsed by the server outside ts-rest)', () => {
    const stray = [...findStrings(ZUploadForm, 'upload'), ...findStrings(ZPageViewBeacon, 'beacon')];
    expect(stray.filter(({ schema }) => !isZText(schema)).map((s) => s.at)).toEqual([]);
  });
});

describe('ISO timestamps (docs/security.md#input-validation)', () => {
  it('refuses the year 0, which PostgreSQL cannot store, and keeps real times', () => {
    expect(ZTimestamp.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(ZTimestamp.safeParse('2025-01-31T12:00:00.000Z').success).toBe(true);
  });
});

describe('page-view beacon timestamp (docs/security.md#input-validation)', () => {
  const beacon = { event: 'page_view', path: '/', title: 'Home' };
  it('refuses a ts that is not a sane time in milliseconds', () => {
    for (const ts of [1e21, -1, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 53, 9e15]) {
      expect(ZPageViewBeacon.safeParse({ ...beacon, ts }).success, String(ts)).toBe(false);
    }
  });
  it('accepts a real client clock', () => {
    expect(ZPageViewBeacon.parse({ ...beacon, ts: Date.now() }).ts).toBeGreaterThan(0);
  });
});
