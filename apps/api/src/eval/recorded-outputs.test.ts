/**
 * docs/ai.md#scorecard: what the citation checker makes of the outputs small local models really give
 * (recorded-outputs.json), replayed through the fake OpenAI-compatible server into the real chat route,
 * and the verdict `pnpm eval` reports for each.
 */
import type { TChatMessage, TCitedPassage, TStreamEvent } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildChatFixture, deltasOf, parseEventStream } from '../modules/chat/chat-test-support';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../test-support/ai-test-apps';
import { pgliteOnly } from '../test-support/test-app';
import recorded from './recorded-outputs.json';
import { scoreEvalAnswer } from './score-eval';

const ZRecordedOutput = z.object({
  id: z.string(),
  kind: z.string(),
  question: z.string(),
  /** Asked second, in the same session: the replies then feed the first answer, the rewrite, and this one. */
  followUp: z.string().optional(),
  replies: z.array(z.string()).min(1),
  expect: z.object({
    verdict: z.enum(['verified', 'partly-unverified', 'withdrawn', 'abstained', 'error']),
    supported: z.array(z.number()),
    unsupported: z.array(z.number()),
    /** The stored answer's sentences marked not verified. */
    marked: z.array(z.string()),
  }),
});
const OUTPUTS = z.object({ outputs: z.array(ZRecordedOutput) }).parse(recorded).outputs;
const ABSTENTION = 'I cannot find this in the selected papers.';

describe.each(pgliteOnly())(
  "recorded small-model outputs through POST /api/chat/stream_chat: the checker's verdict (%s)",
  (driver) => {
    let apps: ModelAndOfflineApps;
    beforeAll(async () => {
      apps = await startModelAndOfflineApps(driver);
    });
    afterAll(() => apps.close());

    const ask = async (token: string, payload: object) => {
      const response = await apps.model.app.inject({
        method: 'POST',
        url: '/api/chat/stream_chat',
        payload,
        headers: { 'x-user-id': token },
      });
      expect(response.statusCode).toBe(200);
      return parseEventStream(response.body).filter((event): event is TStreamEvent => typeof event !== 'string');
    };

    it('covers every kind the scorecard names', () => {
      expect(OUTPUTS.map((output) => output.id)).toEqual(
        expect.arrayContaining([
          'broken-json-answer',
          'broken-json-rewrite',
          'cites-passage-not-sent',
          'number-not-in-passage',
          'prior-knowledge',
          'refusal-wrong-format',
        ]),
      );
    });

    it.each(OUTPUTS.map((output) => [output.kind, output] as const))('%s', async (_kind, output) => {
      const { user, specter } = await buildChatFixture(apps.model.db);
      apps.fake.reply(...output.replies.map((text) => ({ text })));
      let events = await ask(user.token, { message: output.question });
      const session = events.find((event) => event.type === 'session');
      const sessionId = session?.type === 'session' ? session.session_id : 0;
      if (output.followUp) events = await ask(user.token, { session_id: sessionId, message: output.followUp });

      const done = events.find((event) => event.type === 'done');
      expect(done).toMatchObject({
        source: 'model',
        abstained: output.expect.verdict === 'withdrawn' || output.expect.verdict === 'abstained',
        citations: { supported: output.expect.supported, unsupported: output.expect.unsupported },
      });
      const messages = (
        await apps.model.app.inject({
          url: `/api/chat/messages?session_id=${sessionId}`,
          headers: { 'x-user-id': user.token },
        })
      ).json() as TChatMessage[];
      const stored = messages.at(-1) as TChatMessage;
      const marked = (stored.unsupported_spans ?? []).map(({ start, end }) => stored.content.slice(start, end));
      expect(marked).toEqual(output.expect.marked);
      // What the user is left with is the fixed abstention, never the model's unverified words.
      if (done?.type === 'done' && done.abstained) expect(stored.content).toBe(ABSTENTION);

      const paperOf = (ref: TCitedPassage) => (ref.paper_id === specter.paperId ? 'specter' : 'other');
      const question = {
        id: output.id,
        paper: 'specter',
        pages: [3, 4],
        style: 'keyword' as const,
        question: output.question,
        answer: '',
      };
      const scored = scoreEvalAnswer(
        question,
        {
          events,
          firstDeltaMs: 1,
          lastDeltaMs: 2,
          stored: { content: stored.content, unsupportedSpans: stored.unsupported_spans?.length ?? 0 },
        },
        paperOf,
      );
      expect(scored.verdict).toBe(output.expect.verdict);
      expect(scored.unsupportedSentences).toBe(output.expect.marked.length);
      expect(scored.fabricated).toBe(new Set(output.expect.unsupported).size);
      expect(deltasOf(events)).not.toMatch(/EVIDENCE/);
    });

    it('reports a model failing mid-answer as an error, with nothing stored', async () => {
      const { user } = await buildChatFixture(apps.model.db);
      apps.fake.reply({ text: 'SPECTER pretrains a Transformer', ending: 'fail' });
      const events = await ask(user.token, { message: 'How does SPECTER use the citation graph?' });
      const question = {
        id: 'fail',
        paper: 'specter',
        pages: [3],
        style: 'keyword' as const,
        question: 'q',
        answer: '',
      };
      const scored = scoreEvalAnswer(
        question,
        { events, firstDeltaMs: 1, lastDeltaMs: 2, stored: null },
        () => 'specter',
      );
      expect(scored).toMatchObject({ verdict: 'error', goldCited: false, abstained: false });
      expect(scored.error).toMatch(/^BAD_GATEWAY/);
    });
  },
);
