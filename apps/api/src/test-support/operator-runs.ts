/**
 * Long runs of web-search operators, as a user can type them into any search box (docs/search.md#syntax).
 * PostgreSQL's websearch_to_tsquery keeps each `-` before an operand on a stack of 32 and fails the whole
 * statement past it ("tsquery stack too small", SQLSTATE XX000), whatever other operator characters or
 * spaces sit between the dashes; the runs here cross that limit in each way found. At most 100 characters,
 * so that every search field (topics are the shortest) takes them.
 */
export const OPERATOR_RUNS: readonly string[] = [
  '-'.repeat(33),
  '-'.repeat(100),
  '- '.repeat(40),
  `a ${'-'.repeat(40)} b`,
  `${'-'.repeat(40)}word`,
  '-!-|-&-(-)-<'.repeat(8),
  `"a"${'-'.repeat(40)}b`,
  `a(${'-'.repeat(40)}b`,
  `a or ${'-'.repeat(40)}b`,
  '|'.repeat(100),
  '&'.repeat(100),
  '!'.repeat(100),
  '"'.repeat(99),
  '-"'.repeat(50),
  '('.repeat(50) + ')'.repeat(50),
  ':*'.repeat(50),
  '-:*'.repeat(33),
  '<->'.repeat(33),
  ' or'.repeat(33),
];
