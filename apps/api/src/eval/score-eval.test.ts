import type { TCitedPassage, TStreamEvent } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import type { QaSetQuestion } from '../../bench/qa/question-set';
import { parseEvalSet } from './eval-set';
import { type AnswerInput, type EvalAnswer, scoreEvalAnswer, summarizeEval } from './score-eval';

const passage = (n: number, page: number, text: string): TCitedPassage => ({
  n,
  paper_id: 'p1',
  platform: 'upload',
  page,
  text,
});
const PASSAGES = [passage(1, 3, 'The margin m is set to 1.'), passage(2, 5, 'We train for two epochs.')];
const paperOf = () => 'specter';
const keyword: QaSetQuestion = {
  id: 'k1',
  paper: 'specter',
  pages: [3],
  style: 'keyword',
  question: 'What margin?',
  answer: 'm = 1',
};
const unanswerable: QaSetQuestion = {
  id: 'u1',
  paper: null,
  pages: [],
  style: 'unanswerable',
  question: 'GLUE?',
  answer: '-',
};

function input(
  deltas: string[],
  done: { supported: number[]; unsupported: number[]; abstained?: boolean; source?: 'model' | 'extractive' },
  stored: AnswerInput['stored'],
): AnswerInput {
  const events: TStreamEvent[] = [
    { type: 'passages', passages: PASSAGES },
    ...deltas.map((content) => ({ type: 'delta' as const, content })),
    {
      type: 'done',
      message_id: 1,
      source: done.source ?? 'model',
      abstained: done.abstained ?? false,
      citations: { supported: done.supported, unsupported: done.unsupported },
    },
  ];
  return { events, firstDeltaMs: 100, lastDeltaMs: 1100, stored };
}

describe('scoreEvalAnswer', () => {
  it('counts the gold page only through a citation the checker verified', () => {
    const verified = scoreEvalAnswer(
      keyword,
      input(
        ['The margin is 1 [1].'],
        { supported: [1], unsupported: [] },
        { content: 'The margin is 1 [1].', unsupportedSpans: 0 },
      ),
      paperOf,
    );
    expect(verified).toMatchObject({ verdict: 'verified', goldCited: true, fabricated: 0 });
    const unverified = scoreEvalAnswer(
      keyword,
      input(
        ['The margin is 2 [1]. Two epochs [2].'],
        { supported: [2], unsupported: [1] },
        { content: 'The margin is 2 [1]. Two epochs [2].', unsupportedSpans: 1 },
      ),
      paperOf,
    );
    expect(unverified).toMatchObject({
      verdict: 'partly-unverified',
      goldCited: false,
      fabricated: 1,
      unsupportedSentences: 1,
    });
  });

  it('counts a cited passage that was never sent once, whether or not the checker named it', () => {
    const scored = scoreEvalAnswer(
      keyword,
      input(
        ['It is 1 [1]. See [7] and [7, 9].'],
        { supported: [1], unsupported: [7] },
        { content: 'x', unsupportedSpans: 1 },
      ),
      paperOf,
    );
    expect(scored.fabricated).toBe(2);
  });

  it('tells an answer the checker withdrew from an abstention the model or retrieval gave', () => {
    const abstention = 'I cannot find this in the selected papers.';
    const withdrawn = scoreEvalAnswer(
      unanswerable,
      input(
        ['GLUE is 80.'],
        { supported: [], unsupported: [], abstained: true },
        { content: abstention, unsupportedSpans: 0 },
      ),
      paperOf,
    );
    expect(withdrawn).toMatchObject({ verdict: 'withdrawn', abstained: true });
    const abstained = scoreEvalAnswer(
      unanswerable,
      input(
        [abstention],
        { supported: [], unsupported: [], abstained: true },
        { content: abstention, unsupportedSpans: 0 },
      ),
      paperOf,
    );
    expect(abstained).toMatchObject({ verdict: 'abstained', abstained: true, goldCited: false });
  });

  it('counts a quote that is not verbatim in an offline answer as fabricated', () => {
    const scored = scoreEvalAnswer(
      keyword,
      input(
        ['The margin m is set to 2. [1]'],
        { supported: [1], unsupported: [], source: 'extractive' },
        { content: 'x', unsupportedSpans: 0 },
      ),
      paperOf,
    );
    expect(scored.fabricated).toBe(1);
  });
});

const answer = (over: Partial<EvalAnswer> & { question: QaSetQuestion }): EvalAnswer => ({
  verdict: 'verified',
  abstained: false,
  goldCited: false,
  fabricated: 0,
  unsupportedSentences: 0,
  firstDeltaMs: 100,
  streamMs: 0,
  shownChars: 0,
  ...over,
});

describe('summarizeEval', () => {
  const paraphrased: QaSetQuestion = { ...keyword, id: 'p1', style: 'paraphrased' };
  const answers = [
    answer({ question: keyword, goldCited: true, firstDeltaMs: 100, streamMs: 2000, shownChars: 400 }),
    answer({ question: paraphrased, verdict: 'abstained', abstained: true, firstDeltaMs: 300 }),
    answer({
      question: unanswerable,
      verdict: 'withdrawn',
      abstained: true,
      fabricated: 2,
      firstDeltaMs: 200,
      streamMs: 1000,
      shownChars: 200,
    }),
    answer({ question: unanswerable, verdict: 'partly-unverified', unsupportedSentences: 3, firstDeltaMs: undefined }),
  ];

  it('splits the gold page by kind and counts abstentions both ways', () => {
    expect(summarizeEval(answers, 'model')).toEqual({
      questions: 4,
      gold_cited: [
        { kind: 'keyword', cited: 1, questions: 1 },
        { kind: 'paraphrased', cited: 0, questions: 1 },
      ],
      correct_abstentions: 1,
      unanswerable: 2,
      wrong_abstentions: 1,
      answerable: 2,
      fabricated_citations: 2,
      unsupported_sentences: 3,
      withdrawn_answers: 1,
      errors: 0,
      first_token_ms: { p50: 200, p95: 300 },
      // (400 + 200) / 4 tokens over 3 s of streaming.
      tokens_per_second: 50,
    });
  });

  it('gives no rate for extractive mode, and no first token when nothing was shown', () => {
    expect(summarizeEval(answers, 'extractive').tokens_per_second).toBeNull();
    expect(summarizeEval([answer({ question: keyword, firstDeltaMs: undefined })], 'model').first_token_ms).toBeNull();
  });
});

describe('parseEvalSet', () => {
  const set = (questions: unknown) => Buffer.from(JSON.stringify({ questions }));

  it('names, hashes and lists the papers of a set', () => {
    const parsed = parseEvalSet('mine.json', set([keyword, unanswerable]));
    expect(parsed).toMatchObject({ name: 'mine.json', papers: ['specter'], questions: [keyword, unanswerable] });
    expect(parsed.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEvalSet('mine.json', set([unanswerable, keyword])).hash).not.toBe(parsed.hash);
  });

  it.each([
    ['not JSON', Buffer.from('{"questions": ['), /not JSON/],
    ['no questions', set([]), /not a question set/],
    ['a question of no known style', set([{ ...keyword, style: 'trick' }]), /not a question set: questions\.0/],
    ['a duplicate id', set([keyword, keyword]), /duplicate id k1/],
    ['no paper to ask about', set([unanswerable]), /no question names a paper/],
  ])('refuses %s, naming the file', (_case, bytes, message) => {
    expect(() => parseEvalSet('mine.json', bytes)).toThrow(message);
    expect(() => parseEvalSet('mine.json', bytes)).toThrow(/^mine\.json: /);
  });
});
