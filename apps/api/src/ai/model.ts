import type { z } from 'zod';

/** One turn of a conversation sent to the model. */
export interface AiMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface StreamTextRequest {
  system: string;
  messages: AiMessage[];
  /** The caller's abort (e.g. the client disconnected); combined with LLM_TIMEOUT_MS. */
  abortSignal?: AbortSignal;
}

export interface GenerateObjectRequest<T> {
  schema: z.ZodType<T>;
  /** What the schema is for, shown to the model (json_schema name / prompt hint). */
  name?: string;
  system?: string;
  prompt: string;
  abortSignal?: AbortSignal;
}

/**
 * The one model layer every AI feature uses (docs/ai.md). `mode: 'extractive'` means no LLM_BASE_URL:
 * streamText and generateObject then throw AiUnavailableError — callers branch on mode first and
 * never present canned text as model output.
 */
export interface AiModel {
  mode: 'model' | 'extractive';
  /** LLM_MODEL when a model is configured, else null. */
  modelName: string | null;
  /** The answer's text deltas as the model produces them. */
  streamText(request: StreamTextRequest): AsyncIterable<string>;
  /** An object validated by the zod schema, produced as LLM_STRUCTURED_OUTPUT allows, with one repair retry. */
  generateObject<T>(request: GenerateObjectRequest<T>): Promise<T>;
  /** Present only when EMBEDDING_MODEL is set: one vector per text, in order. */
  embed: ((texts: string[], options?: { abortSignal?: AbortSignal }) => Promise<number[][]>) | null;
  /** EMBEDDING_MODEL when set, else null. */
  embeddingModelName: string | null;
}

/** Thrown when a model call is made in extractive mode: a programming error, not a user-facing state. */
export class AiUnavailableError extends Error {
  constructor(operation: string) {
    super(`AI model unavailable: ${operation} called with no LLM_BASE_URL configured (extractive mode)`);
    this.name = 'AiUnavailableError';
  }
}

/** The model answered, but not with output matching the schema, even after one repair retry. */
export class AiInvalidOutputError extends Error {
  constructor(
    message: string,
    readonly rawText: string,
  ) {
    super(message);
    this.name = 'AiInvalidOutputError';
  }
}

/** The model did not finish within LLM_TIMEOUT_MS (waiting for a free slot not included). */
export class AiTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The AI model did not answer within ${timeoutMs} ms (LLM_TIMEOUT_MS)`);
    this.name = 'AiTimeoutError';
  }
}
