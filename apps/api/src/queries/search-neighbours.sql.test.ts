/**
 * docs/testing.md#sql-snapshots: the statements of search's other repositories: completions
 * (docs/search.md#suggestions), "did you mean" (#did-you-mean), highlights (#highlights) and the
 * category picker (#category-filters).
 */
import { it } from 'vitest';
import { findPopularQueries, recordQuery } from '../modules/search/popular-queries.repo';
import { corpusCategories } from '../modules/search/search-categories.repo';
import { correctWords } from '../modules/search/spelling.repo';
import { findTitleSuggestions } from '../modules/search/title-suggestions.repo';
import { lexemesOfWords } from '../modules/search/word-lexemes.repo';
import { answerBy, expectSqlSnapshot } from '../test-support/sql-snapshots';

it('search suggestions send the SQL of src/queries/title-suggestions.repo.sql', async () => {
  await expectSqlSnapshot('title-suggestions.repo.sql', 'modules/search/title-suggestions.repo.ts', [
    {
      title: 'findTitleSuggestions: title starts, then word starts',
      input: { typed: 'quantum enta', limit: 8 },
      run: (db) => findTitleSuggestions(db, 'quantum enta', 8),
    },
    {
      title: 'findTitleSuggestions: no title holds it, titles that look like it (within the budget)',
      input: { typed: 'quantm entanglment', limit: 8 },
      run: (db) => findTitleSuggestions(db, 'quantm entanglment', 8),
    },
  ]);
});

it('popular queries send the SQL of src/queries/popular-queries.repo.sql', async () => {
  await expectSqlSnapshot('popular-queries.repo.sql', 'modules/search/popular-queries.repo.ts', [
    {
      title: 'findPopularQueries',
      input: { prefix: 'graph', limit: 8 },
      run: (db) => findPopularQueries(db, 'graph', 8),
    },
    {
      title: 'recordQuery',
      input: { query: 'graph neural networks', total: 120 },
      run: (db) => recordQuery(db, 'graph neural networks', 120),
    },
  ]);
});

it('"did you mean" sends the SQL of src/queries/spelling.repo.sql', async () => {
  await expectSqlSnapshot('spelling.repo.sql', 'modules/search/spelling.repo.ts', [
    {
      title: 'correctWords: a rare word, its candidates counted',
      input: { words: ['grpah', 'theory'] },
      database: { papersWith: { grpah: 0 }, similarTitleWords: ['graph', 'grape'] },
      answer: answerBy([
        [/^\s*select w\.word/, [{ word: 'grpah', df: 0 }]],
        [/word_similarity|<%/, [{ candidate: 'graph' }, { candidate: 'grape' }]],
      ]),
      run: (db) => correctWords(db, ['grpah', 'theory']),
    },
  ]);
});

it('highlights send the SQL of src/queries/word-lexemes.repo.sql', async () => {
  await expectSqlSnapshot('word-lexemes.repo.sql', 'modules/search/word-lexemes.repo.ts', [
    {
      title: "lexemesOfWords: the page's words not yet known",
      input: { words: ['graphs', 'networks', 'the'] },
      run: (db) => lexemesOfWords(db, ['graphs', 'networks', 'the']),
    },
  ]);
});

it('the category picker sends the SQL of src/queries/search-categories.repo.sql', async () => {
  await expectSqlSnapshot('search-categories.repo.sql', 'modules/search/search-categories.repo.ts', [
    { title: 'corpusCategories: the first count', input: {}, run: (db) => corpusCategories(db) },
  ]);
});
