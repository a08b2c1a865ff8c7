import { z } from 'zod';

/** An http(s) URL of which only the origin counts (scheme, host, port): the PDF proxy's allow-list. */
export const ZOriginUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http or https URL');

/** 'true' or 'false' in the environment, a boolean in the config. */
export const zFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true');

/** The items of a comma-separated list; blanks dropped. */
export const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A comma-separated list; blanks dropped. */
export const ZList = z.string().default('').transform(splitList);

/** Empty means unset (so `FOO=` in an env file switches a feature off). */
export const zOptional = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(schema.optional())
    .optional();
