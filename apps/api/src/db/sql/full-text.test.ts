import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrng } from '../../fuzz/prng';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { cutNegationRuns } from './full-text';

// docs/search.md#syntax
describe('cutNegationRuns', () => {
  it.each([
    'graph neural networks',
    '-word',
    '-"a phrase"',
    'a OR -b',
    'state-of-the-art x--y',
    'a\\--b',
    '"a -- b -- c"',
    '(a | b) & !c',
    'a -',
  ])('leaves %j as it is', (text) => {
    expect(cutNegationRuns(text)).toBe(text);
  });

  it.each([
    ['--a', 'a'],
    ['---a', '-a'],
    ['- - -a', '-a'],
    ['a (-(-b', 'a (b'],
    ['"a"--b', '"a"b'],
    ['a or ----b', 'a or b'],
    ['-!-|-&-)-<-a', 'a'],
    ['-'.repeat(33), '-'],
    [`${'-'.repeat(40)} "x"`, '"x"'],
  ])('cuts the run of negations in %j to its parity', (text, cut) => {
    expect(cutNegationRuns(text)).toBe(cut);
  });
});

/** Texts of runs of `-` among the characters websearch_to_tsquery passes over, words, phrases and escapes. */
function runTexts(count: number): string[] {
  const prng = createPrng(0x2d2d);
  const between = [' ', '!', '&', '|', '(', ')', '<', '\t', '\u00a0'];
  const parts = ['word', 'x-', '"a b"', '"', ':*', '\\', "'", 'or ', '>', '*', ':'];
  return Array.from({ length: count }, () => {
    let text = '';
    while (text.length < 120) {
      const dashes = prng.below(45);
      for (let i = 0; i < dashes; i++) text += prng.below(3) === 0 ? `-${prng.pick(between)}` : '-';
      text += prng.pick(parts);
    }
    return text;
  });
}

describe.each(testDrivers())('websearch_to_tsquery of cut texts (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  const parseAll = (texts: readonly string[]) =>
    t.db.execute(
      sql`select count(websearch_to_tsquery('english', text)) from json_array_elements_text(${JSON.stringify(texts)}::json) as text`,
    );

  it('parses every text once its runs are cut, where the texts themselves overflow the stack', async () => {
    const texts = runTexts(2_000);
    const uncut = await parseAll(texts).catch((error: Error) => error);
    expect((uncut as Error).cause).toMatchObject({ message: 'tsquery stack too small' });
    await expect(parseAll(texts.map(cutNegationRuns))).resolves.toBeDefined();
  });
});
