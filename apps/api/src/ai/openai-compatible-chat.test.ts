import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { type FakeLlmServer, startFakeLlmServer } from '../test-support/fake-llm-server';
import { createAiModel } from './create-ai-model';
import { AiInvalidOutputError, AiTimeoutError, AiUnavailableError } from './model';

let llm: FakeLlmServer;
beforeAll(async () => {
  llm = await startFakeLlmServer();
});
afterAll(() => llm.close());

const modelOf = (env: Record<string, string> = {}) =>
  createAiModel(loadConfig({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-chat', ...env }));

async function collect(stream: AsyncIterable<string>) {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

const ZVerdict = z.object({ answer: z.string(), confidence: z.number().min(0).max(1) });

describe('the model layer over an OpenAI-compatible server', () => {
  it('streams the deltas and sends the system prompt, the messages and the model', async () => {
    llm.reply({ chunks: ['Graphs ', 'are ', 'cited [1].'] });
    const deltas = await collect(
      modelOf().streamText({
        system: 'Answer from the passages only.',
        messages: [
          { role: 'user', content: 'What are graphs?' },
          { role: 'assistant', content: 'Structures.' },
          { role: 'user', content: 'And more?' },
        ],
      }),
    );
    expect(deltas).toEqual(['Graphs ', 'are ', 'cited [1].']);
    const request = llm.chatRequests().at(-1);
    expect(request?.body).toMatchObject({
      model: 'fake-chat',
      stream: true,
      messages: [
        { role: 'system', content: 'Answer from the passages only.' },
        { role: 'user', content: 'What are graphs?' },
        { role: 'assistant', content: 'Structures.' },
        { role: 'user', content: 'And more?' },
      ],
    });
  });

  it('sends LLM_API_KEY as a bearer token', async () => {
    llm.reply({ text: 'ok' });
    await collect(
      modelOf({ LLM_API_KEY: 'sk-test' }).streamText({ system: 's', messages: [{ role: 'user', content: 'q' }] }),
    );
    expect(llm.chatRequests().at(-1)?.headers.authorization).toBe('Bearer sk-test');
  });

  it('throws when the model fails mid-stream, after the deltas it sent', async () => {
    llm.reply({ chunks: ['Half ', 'an '], ending: 'fail' });
    const deltas: string[] = [];
    await expect(async () => {
      for await (const delta of modelOf().streamText({ system: 's', messages: [{ role: 'user', content: 'q' }] }))
        deltas.push(delta);
    }).rejects.toThrow();
    expect(deltas.join('')).toBe('Half an ');
  });

  it('throws on an HTTP error of the server', async () => {
    llm.reply({ status: 500 });
    await expect(
      collect(modelOf().streamText({ system: 's', messages: [{ role: 'user', content: 'q' }] })),
    ).rejects.toThrow();
  });

  it('stops the upstream request when the caller aborts (a client that left)', async () => {
    llm.reply({ chunks: ['Still ', 'thinking '], ending: 'hang' });
    const controller = new AbortController();
    const deltas: string[] = [];
    await expect(async () => {
      for await (const delta of modelOf().streamText({
        system: 's',
        messages: [{ role: 'user', content: 'q' }],
        abortSignal: controller.signal,
      })) {
        deltas.push(delta);
        if (deltas.length === 2) controller.abort();
      }
    }).rejects.toThrow();
    const request = llm.chatRequests().at(-1);
    await request?.closed;
    expect(request?.clientLeft).toBe(true);
  });

  it('stops the upstream request when the consumer stops reading', async () => {
    llm.reply({ chunks: ['One ', 'two '], ending: 'hang' });
    for await (const _delta of modelOf().streamText({ system: 's', messages: [{ role: 'user', content: 'q' }] })) break;
    const request = llm.chatRequests().at(-1);
    await request?.closed;
    expect(request?.clientLeft).toBe(true);
  });

  it('gives up after LLM_TIMEOUT_MS with AiTimeoutError and closes the request', async () => {
    llm.reply({ chunks: ['Slow '], ending: 'hang' });
    const started = Date.now();
    await expect(
      collect(
        modelOf({ LLM_TIMEOUT_MS: '300' }).streamText({ system: 's', messages: [{ role: 'user', content: 'q' }] }),
      ),
    ).rejects.toBeInstanceOf(AiTimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
    const request = llm.chatRequests().at(-1);
    await request?.closed;
    expect(request?.clientLeft).toBe(true);
  });

  it('keeps at most LLM_MAX_CONCURRENT calls open; the rest wait their turn', async () => {
    let open: (value?: unknown) => void = () => {};
    const gate = new Promise((resolve) => {
      open = resolve;
    });
    const before = llm.chatRequests().length;
    llm.reply(...Array.from({ length: 5 }, (_, i) => ({ text: `answer ${i}`, gate })));
    const model = modelOf({ LLM_MAX_CONCURRENT: '2' });
    const calls = Array.from({ length: 5 }, () =>
      collect(model.streamText({ system: 's', messages: [{ role: 'user', content: 'q' }] })).then((d) => d.join('')),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(llm.chatRequests().length - before).toBe(2);
    open();
    const answers = await Promise.all(calls);
    expect(answers.sort()).toEqual(['answer 0', 'answer 1', 'answer 2', 'answer 3', 'answer 4']);
    expect(llm.maxConcurrentChats).toBeLessThanOrEqual(2);
  });
});

describe('generateObject under each LLM_STRUCTURED_OUTPUT', () => {
  const request = { schema: ZVerdict, name: 'verdict', system: 'Judge.', prompt: 'Is the sky blue?' };

  it('json_schema: sends the schema as response_format and returns the validated object', async () => {
    llm.reply({ text: '{"answer":"yes","confidence":0.9}' });
    await expect(modelOf().generateObject(request)).resolves.toEqual({ answer: 'yes', confidence: 0.9 });
    const body = llm.chatRequests().at(-1)?.body;
    expect(body.stream).toBeFalsy();
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'verdict', schema: { type: 'object', required: ['answer', 'confidence'] } },
    });
  });

  it('json_object: asks for JSON mode and puts the schema in the system prompt', async () => {
    llm.reply({ text: '{"answer":"no","confidence":0.2}' });
    await expect(modelOf({ LLM_STRUCTURED_OUTPUT: 'json_object' }).generateObject(request)).resolves.toEqual({
      answer: 'no',
      confidence: 0.2,
    });
    const body = llm.chatRequests().at(-1)?.body;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0].content).toMatch(/^Judge\.\n\n[\s\S]*JSON Schema[\s\S]*"confidence"/);
  });

  it('none: sends no response_format, prompts for JSON and reads it out of a code fence', async () => {
    llm.reply({ text: 'Here you go:\n```json\n{"answer":"maybe","confidence":0.5}\n```' });
    await expect(modelOf({ LLM_STRUCTURED_OUTPUT: 'none' }).generateObject(request)).resolves.toEqual({
      answer: 'maybe',
      confidence: 0.5,
    });
    const body = llm.chatRequests().at(-1)?.body;
    expect(body.response_format).toBeUndefined();
    expect(body.messages[0].content).toMatch(/JSON Schema/);
  });

  it.each(['json_schema', 'json_object', 'none'])(
    '%s: repairs one invalid reply with a follow-up turn',
    async (mode) => {
      llm.reply({ text: '{"answer":"yes","confidence":7}' }, { text: '{"answer":"yes","confidence":0.7}' });
      await expect(modelOf({ LLM_STRUCTURED_OUTPUT: mode }).generateObject(request)).resolves.toEqual({
        answer: 'yes',
        confidence: 0.7,
      });
      const repair = llm.chatRequests().at(-1)?.body;
      expect(repair.messages.at(-2)).toEqual({ role: 'assistant', content: '{"answer":"yes","confidence":7}' });
      expect(repair.messages.at(-1).content).toMatch(/not valid: .*confidence/);
    },
  );

  it('fails clearly when the repair is invalid too, and does not try a third time', async () => {
    const before = llm.chatRequests().length;
    llm.reply({ text: 'I think yes.' }, { text: '{"answer":"yes"}' });
    const failure = modelOf({ LLM_STRUCTURED_OUTPUT: 'none' }).generateObject(request);
    await expect(failure).rejects.toBeInstanceOf(AiInvalidOutputError);
    await expect(failure).rejects.toThrow(/invalid after one repair retry: .*confidence/);
    expect(llm.chatRequests().length - before).toBe(2);
  });

  it('times out with AiTimeoutError', async () => {
    llm.reply({ text: '{}', gate: new Promise(() => {}) });
    await expect(modelOf({ LLM_TIMEOUT_MS: '300' }).generateObject(request)).rejects.toBeInstanceOf(AiTimeoutError);
  });
});

describe('embeddings', () => {
  it('returns one vector per text, in order, similar texts closer', async () => {
    const model = modelOf({ EMBEDDING_MODEL: 'fake-embed' });
    expect(model.embeddingModelName).toBe('fake-embed');
    const [a, b, c] =
      (await model.embed?.(['graph neural networks', 'neural networks on graphs', 'protein folding'])) ?? [];
    const cosine = (x: number[] = [], y: number[] = []) => x.reduce((sum, value, i) => sum + value * (y[i] ?? 0), 0);
    expect(a).toHaveLength(64);
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
    const request = llm.requests.at(-1);
    expect(request?.path).toBe('/v1/embeddings');
    expect(request?.body).toMatchObject({
      model: 'fake-embed',
      input: ['graph neural networks', 'neural networks on graphs', 'protein folding'],
    });
  });

  it('are absent without EMBEDDING_MODEL, and work in extractive mode with their own endpoint', async () => {
    expect(modelOf().embed).toBeNull();
    expect(modelOf().embeddingModelName).toBeNull();
    const offline = createAiModel(loadConfig({ EMBEDDING_BASE_URL: llm.baseUrl, EMBEDDING_MODEL: 'fake-embed' }));
    expect(offline.mode).toBe('extractive');
    expect(await offline.embed?.(['one text'])).toHaveLength(1);
  });
});

describe('extractive mode (no LLM_BASE_URL)', () => {
  it('says so and refuses model calls with a clear internal error', async () => {
    const offline = createAiModel(loadConfig({}));
    expect(offline).toMatchObject({ mode: 'extractive', modelName: null, embed: null, embeddingModelName: null });
    expect(() => offline.streamText({ system: 's', messages: [] })).toThrow(AiUnavailableError);
    await expect(offline.generateObject({ schema: ZVerdict, prompt: 'q' })).rejects.toThrow(/no LLM_BASE_URL/);
  });
});
