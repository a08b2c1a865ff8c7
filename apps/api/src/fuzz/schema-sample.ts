import { z } from 'zod';

/**
 * A value that passes a zod schema, built by walking it, so a fuzz case can start from a request that
 * reaches the handler and spoil one part of it. Strings try field-specific values first (ids of rows the
 * test created), then a list of common shapes, and keep the first the schema accepts.
 */
export type Known = Record<string, unknown>;

const STRING_SHAPES = [
  'fuzz text',
  '2401.01234',
  'arxiv',
  'cs.CL',
  '2020-01-02',
  'ada@example.org',
  '2020-01-02T03:04:05.000Z',
  'https://export.arxiv.org/pdf/1706.03762',
  'AAAAAAAAAAAAAAAAAAAAAA',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '1',
  'x',
];

export function sampleValue(schema: unknown, key: string, known: Known): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  if (key in known && schema.safeParse(known[key]).success) return known[key];
  if (schema instanceof z.ZodString) return STRING_SHAPES.find((s) => schema.safeParse(s).success) ?? 'x';
  if (schema instanceof z.ZodNumber) {
    const min = schema.minValue ?? 1;
    const max = schema.maxValue ?? 1_000;
    return Math.min(Math.max(1, min), max);
  }
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodNativeEnum) return Object.values(schema.enum)[0];
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(schema.shape as Record<string, unknown>)) {
      const value = sampleValue(inner, field, known);
      if (value !== undefined) out[field] = value;
    }
    return out;
  }
  if (schema instanceof z.ZodArray) {
    const length = Math.max(1, schema._def.minLength?.value ?? 1);
    return Array.from({ length }, () => sampleValue(schema.element, key, known));
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return sampleValue(schema.unwrap(), key, known);
  if (schema instanceof z.ZodDefault) return sampleValue(schema._def.innerType, key, known);
  if (schema instanceof z.ZodEffects) return sampleValue(schema.innerType(), key, known);
  if (schema instanceof z.ZodPipeline) return sampleValue(schema._def.in, key, known);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    for (const option of schema.options as unknown[]) {
      const value = sampleValue(option, key, known);
      if (schema.safeParse(value).success) return value;
    }
    return sampleValue((schema.options as unknown[])[0], key, known);
  }
  if (schema instanceof z.ZodTuple) return (schema.items as unknown[]).map((item) => sampleValue(item, key, known));
  if (schema instanceof z.ZodRecord) return {};
  if (schema instanceof z.ZodDate) return new Date(0).toISOString();
  return 'x';
}

/** Paths to every leaf of a JSON value (object keys and array indexes), for spoiling one of them. */
export function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length === 0 ? [at] : value.flatMap((v, i) => leafPaths(v, [...at, i]));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [at] : entries.flatMap(([k, v]) => leafPaths(v, [...at, k]));
  }
  return [at];
}

/** A deep copy of `value` with the leaf at `path` replaced (or removed when `replacement` is REMOVE). */
export const REMOVE = Symbol('remove');
export function withLeaf(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const inner = withLeaf(copy[head], rest, replacement);
  if (inner === undefined && rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = inner;
  return copy;
}
