import { asSchema } from 'ai';
import type { z } from 'zod';

/**
 * docs/ai.md#structured-output: whatever LLM_STRUCTURED_OUTPUT asked the server for, the reply is
 * parsed and validated here with zod, so a server that ignores response_format (or a model that wraps
 * JSON in prose or a code fence) is caught and repaired once, never trusted.
 */

export type StructuredOutputMode = 'json_schema' | 'json_object' | 'none';

export type Validated<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The JSON value in a model's reply: the whole text, a fenced ```json block, or the outermost {...}. */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  const candidates = [trimmed, fenced?.[1]?.trim(), outermostObject(trimmed)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  throw new SyntaxError('the reply holds no parsable JSON');
}

function outermostObject(text: string): string | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

/** The reply parsed and checked against the schema, or a sentence saying what is wrong (for the repair prompt). */
export function validateReply<T>(schema: z.ZodType<T>, text: string): Validated<T> {
  let value: unknown;
  try {
    value = extractJson(text);
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, problem: `the JSON does not match the schema: ${issues.join('; ')}` };
}

/** The schema as JSON Schema, for the prompt of modes where the server is not given it. */
export async function jsonSchemaOf(schema: z.ZodType<unknown>): Promise<unknown> {
  return await asSchema(schema).jsonSchema;
}

/** The system-prompt addition asking for JSON: always in json_object and none modes (the server does not get the schema). */
export function jsonInstructions(jsonSchema: unknown): string {
  return [
    'Reply with one JSON object only: no prose, no code fence.',
    `It must match this JSON Schema:\n${JSON.stringify(jsonSchema)}`,
  ].join('\n');
}

/** The follow-up turn of the one repair retry. */
export function repairPrompt(problem: string): string {
  return `Your reply was not valid: ${problem}. Reply again with only the corrected JSON object, matching the schema.`;
}
