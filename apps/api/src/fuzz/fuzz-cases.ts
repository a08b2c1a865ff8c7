import type { AppRoute } from '@ts-rest/core';
import { z } from 'zod';
import { OPERATOR_RUNS } from '../test-support/operator-runs';
import type { Prng } from './prng';
import { type Known, leafPaths, REMOVE, sampleValue, withLeaf } from './schema-sample';

/** One request of the contract fuzz (docs/security.md#input-validation), without the caller's identity. */
export interface FuzzCase {
  /** What was spoiled, for the failure report. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** For a sweep case: where the value went, the value, and whether the leaf it replaced held text. */
  sweep?: { where: 'query' | 'path' | 'body'; junk: unknown; wasText: boolean };
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: [nested(depth - 1)] });

/** Bad and edge values any field may receive: the shapes that broke a server somewhere once. */
export const JUNK: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uD83D',
  'x'.repeat(100_000),
  '😀'.repeat(5_000),
  '',
  '   ',
  '\uFEFF\u200B',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '9'.repeat(40),
  '1e21',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '2020-13-45',
  '294277-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '-infinity',
  1e21,
  -1e21,
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  null,
  true,
  false,
  {},
  [],
  [[[[]]]],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  nested(200),
  Array.from({ length: 2_000 }, (_, i) => i),
  ...OPERATOR_RUNS,
];

/** Path segments no client should send: junk text, broken percent-encoding, traversal, huge numbers. */
const PATH_JUNK = [
  '%00',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '..',
  '..%2F..%2Fetc',
  '-1',
  '0',
  '99999999999',
  '1e3',
  'x'.repeat(1_100),
  '%F0%9F%98%80',
  '%ED%A0%80',
  ' ',
  '%20',
];

const WEIRD_CONTENT = [
  { type: 'text/plain', payload: '{"a":' },
  { type: 'text/plain', payload: 'not json at all \u0000' },
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: `[${'['.repeat(5_000)}` },
  { type: 'application/json', payload: '"\\u0000"' },
  { type: 'application/json', payload: '{"x":"\\ud800"}' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=b&c=%00&d=%ZZ' },
  { type: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
  {
    type: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--\r\n',
  },
  { type: 'multipart/form-data', payload: 'no boundary' },
  { type: 'text/xml', payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>' },
  { type: 'application/json', payload: '' },
];

const isZod = (schema: unknown): schema is z.ZodTypeAny => schema instanceof z.ZodType;

/** An upload route: its body is multipart/form-data, not JSON. */
export const isMultipart = (route: AppRoute) =>
  (route as { contentType?: string }).contentType === 'multipart/form-data';

/** Route path with its :params filled in (each already URL-encoded). */
const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'x');

const toText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8 bytes, as a
 * careless client would: the server must still answer 400.
 */
export const encodeLoose = (text: string): string =>
  text
    .split(LONE_SURROGATE)
    .map(encodeURIComponent)
    .reduce((out, part, i) => {
      const unit = text.match(LONE_SURROGATE)?.[i - 1]?.charCodeAt(0) ?? 0;
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return `${out}${bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('')}${part}`;
    });

/** Query string of an object; arrays repeat the key, objects are sent as JSON text. */
function toQuery(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodeLoose(key)}=${encodeLoose(toText(v))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export interface RouteSample {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  hasJsonBody: boolean;
}

/** A request of `route` that its schemas accept, using the ids in `known`. */
export function sampleRoute(route: AppRoute, known: Known): RouteSample {
  const body = 'body' in route ? route.body : undefined;
  const hasJsonBody = route.method !== 'GET' && isZod(body) && !isMultipart(route);
  return {
    params: (sampleValue(route.pathParams, '', known) as Record<string, unknown>) ?? {},
    query: (sampleValue(route.query, '', known) as Record<string, unknown>) ?? {},
    body: hasJsonBody ? sampleValue(body, '', known) : undefined,
    hasJsonBody,
  };
}

function request(route: AppRoute, sample: RouteSample, label: string, rawParams?: Record<string, string>): FuzzCase {
  const params =
    rawParams ?? Object.fromEntries(Object.entries(sample.params).map(([k, v]) => [k, encodeLoose(toText(v))]));
  const base: FuzzCase = {
    label,
    method: route.method,
    url: fillPath(route.path, params) + toQuery(sample.query),
    headers: {},
  };
  if (route.method === 'GET' || sample.body === undefined) return base;
  return { ...base, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(sample.body) };
}

/**
 * Values every leaf of every route gets once, whatever the seed: the inputs docs/security.md#input-validation names,
 * and a run of 48 negations among every operator character, which a text that reaches a tsquery must survive.
 */
const SWEEP: readonly unknown[] = ['a\u0000b', '\uD800', 1e21, -1, 'x'.repeat(100_000), '-!-|-&-(-)-<'.repeat(8)];

const leafAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], value);

/** Each leaf of the body, query and path params set in turn to each SWEEP value. */
export function sweepCases(route: AppRoute, sample: RouteSample): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const parts = [
    ['query', sample.query],
    ['path', sample.params],
    ...(sample.hasJsonBody ? [['body', sample.body] as const] : []),
  ] as const;
  for (const [where, value] of parts) {
    if (!value || typeof value !== 'object' || Object.keys(value).length === 0) continue;
    for (const path of leafPaths(value)) {
      for (const junk of SWEEP) {
        const spoiled = withLeaf(value, path, junk);
        const label = `sweep ${where} ${path.join('.')} = ${describe(junk)}`;
        const sweep = { where, junk, wasText: typeof leafAt(value, path) === 'string' };
        if (where === 'path') {
          const params = Object.fromEntries(
            Object.entries(spoiled as Record<string, unknown>).map(([k, v]) => [k, encodeLoose(toText(v))]),
          );
          cases.push({ ...request(route, sample, label, params), sweep });
        } else cases.push({ ...request(route, { ...sample, [where]: spoiled }, label), sweep });
      }
    }
  }
  return cases;
}

/** `count` seeded cases for one route: the valid request, then spoiled copies of it. */
export function buildCases(route: AppRoute, sample: RouteSample, prng: Prng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = [request(route, sample, 'valid request')];
  const kinds = [
    'body-leaf',
    'body-leaf',
    'query-leaf',
    'path-leaf',
    'path-raw',
    'drop',
    'extra',
    'whole-body',
    'content-type',
    'many',
  ] as const;
  while (cases.length < count) {
    const kind = prng.pick(kinds);
    const junk = prng.pick(JUNK);
    if (kind === 'body-leaf' || kind === 'many' || kind === 'drop') {
      if (!sample.hasJsonBody && route.method !== 'GET') {
        cases.push(request(route, { ...sample, body: junk }, `body = ${describe(junk)}`));
        continue;
      }
      // A GET has no body: its query is what the client writes.
      let body: unknown = route.method === 'GET' ? sample.query : sample.body;
      const spoiled: string[] = [];
      for (let i = 0; i < (kind === 'many' ? 3 : 1); i++) {
        const path = prng.pick(leafPaths(body));
        const value = kind === 'drop' ? REMOVE : prng.pick(JUNK);
        body = withLeaf(body, path, value);
        spoiled.push(`${path.join('.') || '(body)'} = ${value === REMOVE ? '(removed)' : describe(value)}`);
      }
      if (route.method === 'GET') {
        const query = body && typeof body === 'object' ? (body as Record<string, unknown>) : { q: body };
        cases.push(request(route, { ...sample, query }, `query ${spoiled.join(', ')}`));
      } else cases.push(request(route, { ...sample, body }, `body ${spoiled.join(', ')}`));
    } else if (kind === 'query-leaf') {
      const keys = Object.keys(sample.query);
      const key = keys.length ? prng.pick(keys) : 'unexpected';
      const value = prng.below(4) === 0 ? [junk, junk] : junk;
      cases.push(
        request(route, { ...sample, query: { ...sample.query, [key]: value } }, `query ${key} = ${describe(value)}`),
      );
    } else if (kind === 'path-leaf' || kind === 'path-raw') {
      const keys = Object.keys(sample.params);
      if (keys.length === 0) {
        cases.push(
          request(
            route,
            { ...sample, query: { ...sample.query, [String(junk)]: junk } },
            `query key ${describe(junk)}`,
          ),
        );
        continue;
      }
      const key = prng.pick(keys);
      const encoded = Object.fromEntries(Object.entries(sample.params).map(([k, v]) => [k, encodeLoose(toText(v))]));
      const value = kind === 'path-raw' ? prng.pick(PATH_JUNK) : encodeLoose(toText(junk));
      cases.push(request(route, sample, `path ${key} = ${describe(value)}`, { ...encoded, [key]: value }));
    } else if (kind === 'extra') {
      const name = prng.pick(['__proto__', 'constructor', 'extra', 'user_id', 'owner_id', 'id']);
      const body =
        sample.body && typeof sample.body === 'object' && !Array.isArray(sample.body) ? { ...sample.body } : {};
      Object.defineProperty(body, name, { value: junk, enumerable: true, configurable: true, writable: true });
      cases.push(request(route, { ...sample, body }, `extra field ${name} = ${describe(junk)}`));
    } else if (kind === 'whole-body') {
      cases.push(request(route, { ...sample, body: junk }, `body = ${describe(junk)}`));
    } else {
      const weird = prng.pick(WEIRD_CONTENT);
      const base = request(route, sample, `content-type ${weird.type}, body ${describe(weird.payload)}`);
      cases.push({ ...base, headers: { 'content-type': weird.type }, payload: weird.payload });
    }
  }
  return cases;
}

/** A short, printable form of a junk value for the report of a failing case. */
export function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}
