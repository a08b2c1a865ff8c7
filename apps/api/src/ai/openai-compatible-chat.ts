import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type ModelMessage, NoObjectGeneratedError, Output, streamText } from 'ai';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import { AiInvalidOutputError, type AiModel, type GenerateObjectRequest } from './model';
import { runModelCall, streamModelCall } from './model-call';
import {
  jsonInstructions,
  jsonSchemaOf,
  repairPrompt,
  type StructuredOutputMode,
  validateReply,
} from './structured-output';

export interface ChatSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  structuredOutput: StructuredOutputMode;
  timeoutMs: number;
  limiter: ConcurrencyLimiter;
}

type ChatModel = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;

/**
 * streamText and generateObject over any OpenAI-compatible chat endpoint (Vercel AI SDK). Each call
 * waits for a slot of LLM_MAX_CONCURRENT, then runs under LLM_TIMEOUT_MS and the caller's abort.
 * No SDK retries (maxRetries 0): a retried stream would repeat deltas already shown, and the UI offers
 * Retry itself (docs/ai.md#timeouts-and-concurrency).
 */
export function createOpenAiCompatibleChat(settings: ChatSettings): Pick<AiModel, 'streamText' | 'generateObject'> {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    includeUsage: true,
    // json_schema: the provider sends response_format {type: 'json_schema'}; otherwise {type: 'json_object'}.
    supportsStructuredOutputs: settings.structuredOutput === 'json_schema',
  });
  const model = provider.chatModel(settings.model);
  return {
    streamText: (request) => streamAnswer(model, settings, request),
    generateObject: (request) => generateObject(model, settings, request),
  };
}

function streamAnswer(
  model: ChatModel,
  settings: ChatSettings,
  { system, messages, abortSignal }: Parameters<AiModel['streamText']>[0],
) {
  return streamModelCall(settings, abortSignal, async function* (signal) {
    const result = streamText({
      model,
      instructions: system,
      messages,
      abortSignal: signal,
      maxRetries: 0,
      // Errors arrive as 'error' parts below and are thrown to the caller; the SDK's default logs them.
      onError: () => {},
    });
    for await (const part of result.stream) {
      if (part.type === 'text-delta') yield part.text;
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort') break;
    }
  });
}

const outputFor = <T>(mode: StructuredOutputMode, request: GenerateObjectRequest<T>) => {
  if (mode === 'json_schema') return Output.object({ schema: request.schema, name: request.name });
  if (mode === 'json_object') return Output.json({ name: request.name });
  return undefined;
};

/** The first reply if it validates, else the reply to one repair prompt; AiInvalidOutputError when that fails too. */
async function validReplyWithOneRepair<T>(
  request: GenerateObjectRequest<T>,
  ask: (messages: ModelMessage[]) => Promise<string>,
): Promise<T> {
  const messages: ModelMessage[] = [{ role: 'user', content: request.prompt }];
  const first = await ask(messages);
  const checked = validateReply(request.schema, first);
  if (checked.ok) return checked.value;
  messages.push({ role: 'assistant', content: first }, { role: 'user', content: repairPrompt(checked.problem) });
  const second = await ask(messages);
  const rechecked = validateReply(request.schema, second);
  if (rechecked.ok) return rechecked.value;
  throw new AiInvalidOutputError(
    `The AI model's structured output was invalid after one repair retry: ${rechecked.problem}`,
    second,
  );
}

async function generateObject<T>(
  model: ChatModel,
  settings: ChatSettings,
  request: GenerateObjectRequest<T>,
): Promise<T> {
  return runModelCall(settings, request.abortSignal, async (abortSignal) => {
    // json_schema gives the server the schema; the other modes can only ask for it in the prompt.
    const instructions =
      settings.structuredOutput === 'json_schema' ? undefined : jsonInstructions(await jsonSchemaOf(request.schema));
    const system = [request.system, instructions].filter(Boolean).join('\n\n') || undefined;
    const output = outputFor(settings.structuredOutput, request);
    return validReplyWithOneRepair(request, async (messages) => {
      try {
        const result = await generateText({
          model,
          instructions: system,
          messages,
          output,
          abortSignal,
          maxRetries: 0,
        });
        return result.text;
      } catch (error) {
        // The SDK's own parse failed: validate (and repair) its raw text like any other reply.
        if (NoObjectGeneratedError.isInstance(error)) return error.text ?? '';
        throw error;
      }
    });
  });
}
