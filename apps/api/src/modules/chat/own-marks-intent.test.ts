import { describe, expect, it } from 'vitest';
import { asksAboutOwnMarks } from './own-marks-intent';

describe('asksAboutOwnMarks', () => {
  it.each([
    'Summarize my highlights',
    'What do my notes say about attention?',
    'list my annotations',
    'Which of my marks are about evaluation?',
    'What did I highlight?',
    'what have I marked in these papers',
    "Show the passages I've underlined",
    'Go over my highlighted passages',
    'What I annotated on page 3',
  ])('reads %j as a question about the reader’s own marks', (question) => {
    expect(asksAboutOwnMarks(question)).toBe(true);
  });

  it.each([
    'What are the highlights of the paper?',
    'Summarize the key highlights',
    'Do the authors mark the baseline as significant?',
    'What notes do the authors add to Table 2?',
    'Which results are highlighted in the abstract?',
    'How is the annotation protocol described?',
    'mark my words: is attention enough?',
    'My question is about highlights in the results',
  ])('reads %j as a question about the papers', (question) => {
    expect(asksAboutOwnMarks(question)).toBe(false);
  });
});
