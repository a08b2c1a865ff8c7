import type { TStreamEvent } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import type { AiModel } from '../../ai/model';
import { modelAnswerDeltas } from './model-answer';

const modelStreaming = (deltas: string[]) =>
  ({
    async *streamText() {
      yield* deltas;
    },
  }) as unknown as AiModel;

async function run(deltas: string[]) {
  const generator = modelAnswerDeltas(modelStreaming(deltas), { system: '', messages: [] });
  const events: TStreamEvent[] = [];
  for (;;) {
    const next = await generator.next();
    if (next.done)
      return {
        shown: events.map((event) => (event.type === 'delta' ? event.content : '')).join(''),
        final: next.value,
      };
    events.push(next.value);
  }
}

const OUTPUT = '\nBM25 saturates term frequency [1].\n**Evidence:**\n[1] "saturates term frequency"';

describe('modelAnswerDeltas: the evidence block never reaches the client', () => {
  it.each([
    ['one piece', [OUTPUT]],
    ['word by word', OUTPUT.match(/\S+\s*|\s+/g) ?? []],
    ['character by character', [...OUTPUT]],
  ])('%s', async (_case, deltas) => {
    const { shown, final } = await run(deltas);
    expect(shown).toBe('BM25 saturates term frequency [1].');
    expect(final.answer).toBe(shown);
    expect(final.quotes.get(1)).toEqual(['saturates term frequency']);
  });

  it('sends a last line that only looked like the start of the block once the answer ends', async () => {
    const { shown } = await run(['Scores use ', 'IDF [1].\nEvi', 'dently, more [2].']);
    expect(shown).toBe('Scores use IDF [1].\nEvidently, more [2].');
  });
});
