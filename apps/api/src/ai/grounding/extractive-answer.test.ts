import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations';
import { extractiveAnswer, wholeSentences } from './extractive-answer';
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
  it('never quotes the tail of a sentence cut off by chunking at the start of a passage', () => {
    const question = 'How are protein language models used for enzyme design?';
    // A page's first passage: its first words end the previous page's sentence (chunk-passages.ts).
    const cut =
      'language models for enzyme design and protein engineering at scale. Protein language models rank enzyme designs by predicted activity.';
    const answer = extractiveAnswer(question, [{ n: 1, text: cut, coverage: 1 }], {
      maxSentences: 2,
      sentencesPerPassage: 2,
    });
    expect(answer?.sentences.map((sentence) => sentence.text)).toEqual([
      'Protein language models rank enzyme designs by predicted activity.',
    ]);
    expect(cut.slice(answer?.sentences[0]?.start, answer?.sentences[0]?.end)).toBe(answer?.sentences[0]?.text);
  });

  it.each([
    ['lowercase', 'models at scale. We design enzymes.'],
    ['punctuation', ', with sparse attention. We design enzymes.'],
    ['a bracket then lowercase', '(and its variants) work well. We design enzymes.'],
    ['a broken hyphenated word', '-based models work well. We design enzymes.'],
    ['a reference entry’s year', '2017a. Inductive representation learning on large graphs. We design enzymes.'],
  ])('leaves out a leading fragment that starts with %s', (_kind, text) => {
    expect(wholeSentences(text).map((sentence) => sentence.text)).toEqual(['We design enzymes.']);
  });

  it('leaves out a reference entry’s year-led piece wherever it falls', () => {
    expect(wholeSentences('We design enzymes. 2017a. Inductive learning on graphs.').map((s) => s.text)).toEqual([
      'We design enzymes.',
    ]);
  });

  it('keeps a passage that starts a sentence whole', () => {
    for (const text of [
      '“Deep” models work. We design enzymes.',
      '3D structure helps. We design enzymes.',
      '- We design enzymes.',
    ]) {
      expect(wholeSentences(text)[0]?.start).toBe(0);
    }
  });

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
