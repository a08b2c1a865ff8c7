import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations';
import { extractiveAnswer } from './extractive-answer';
import { rankPassages } from './rank-passages';
import { TEST_PASSAGES } from './test-passages';

function numbered(question: string) {
  return rankPassages({ question, passages: TEST_PASSAGES }).map(({ passage, coverage }, index) => ({
    n: index + 1,
    text: passage.text,
    coverage,
  }));
}

describe('extractiveAnswer', () => {
  it.each([
    ['What average score does SPECTER reach on SciDocs?', 'SPECTER reaches an average score of 80.0 on SciDocs'],
    ['How were hard negatives chosen for the triplet loss?', 'The citation-informed triplet loss uses hard negatives'],
    ['What was the main complaint of patients about health services in Ghana?', 'Waiting time at outpatient clinics'],
  ])('answers "%s" with the passage sentence that says it', (question, expected) => {
    const passages = numbered(question);
    const answer = extractiveAnswer(question, passages);
    expect(answer?.sentences[0]?.text).toContain(expected);
    expect(answer?.sentences.length).toBeGreaterThanOrEqual(1);
    expect(answer?.sentences.length).toBeLessThanOrEqual(5);
    for (const sentence of answer?.sentences ?? []) {
      const passage = passages.find(({ n }) => n === sentence.n)?.text ?? '';
      expect(passage.slice(sentence.start, sentence.end)).toBe(sentence.text);
      expect(answer?.text).toContain(`${sentence.text} [${sentence.n}]`);
    }
  });

  it('passes its own citation check (each sentence quoted from its passage)', () => {
    const question = 'How does SPECTER use citations and how is it evaluated on SciDocs?';
    const passages = numbered(question);
    const answer = extractiveAnswer(question, passages);
    const quotes = new Map<number, string[]>();
    for (const sentence of answer?.sentences ?? [])
      quotes.set(sentence.n, [...(quotes.get(sentence.n) ?? []), sentence.text]);
    const verdict = checkCitations({
      answer: answer?.text ?? '',
      quotes,
      passages: new Map(passages.map(({ n, text }) => [n, text])),
    });
    expect(answer?.sentences.length).toBeGreaterThanOrEqual(3);
    expect(verdict.citations.unsupported).toEqual([]);
    expect(verdict.sentences.every((sentence) => sentence.supported)).toBe(true);
  });

  it.each([
    ['an off-topic question', 'What is the boiling temperature of mercury?'],
    ['a question with no content word', 'What is it about?'],
  ])('abstains on %s', (_case, question) => {
    expect(extractiveAnswer(question, numbered(question))).toBeNull();
  });

  it("leaves out sentences carrying the paper's own reference numbers, which would read as our citations", () => {
    const question = 'How are citation embeddings trained?';
    const passages = [
      {
        n: 1,
        coverage: 1,
        text: 'Citation embeddings are trained with a triplet loss over the citation graph [4]. Citation embeddings are trained with hard negatives drawn from citations of citations.',
      },
    ];
    const answer = extractiveAnswer(question, passages);
    expect(answer?.text).toBe(
      'Citation embeddings are trained with hard negatives drawn from citations of citations. [1]',
    );
  });

  it('is deterministic', () => {
    const question = 'citation graph embeddings';
    expect(extractiveAnswer(question, numbered(question))).toEqual(extractiveAnswer(question, numbered(question)));
  });
});
