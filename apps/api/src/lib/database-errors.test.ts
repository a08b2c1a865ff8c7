import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { findBadData } from './database-errors';
import { registerErrorHandling } from './error-handler';

/** Statements that fail on the data they are given, with the SQLSTATE PostgreSQL names (docs/security.md#input-validation). */
const BAD_DATA = [
  { what: 'a NUL character in text', query: sql`select ${'a\u0000b'}::text`, sqlState: '22021' },
  { what: 'a timestamp past year 294276', query: sql`select ${'294277-01-01'}::timestamptz`, sqlState: '22008' },
  { what: 'an integer past int4', query: sql`select ${'2147483648'}::int4`, sqlState: '22003' },
  { what: 'a number that is not one', query: sql`select ${'12abc'}::int4`, sqlState: '22P02' },
  // An internal error, but only ever the client's text: 33 negations overflow the parser's operator stack.
  {
    what: 'a run of 33 negations in a search',
    query: sql`select to_tsquery(${`${'!'.repeat(33)}a`})`,
    sqlState: 'XX000',
  },
];

describe.each(testDrivers())('database errors of bad data (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  /** The error the driver (through Drizzle) really throws for a query. */
  const errorOf = async (query: (typeof BAD_DATA)[number]['query']) => {
    try {
      await t.db.execute(query);
    } catch (error) {
      return error;
    }
    throw new Error('the query did not fail');
  };

  it.each(BAD_DATA)('finds SQLSTATE $sqlState in the wrapped driver error for $what', async ({ query, sqlState }) => {
    expect(findBadData(await errorOf(query))?.sqlState).toBe(sqlState);
  });

  it('does not take a server fault (an unknown table, another internal error) for bad data', async () => {
    expect(findBadData(await errorOf(sql`select * from no_such_table`))).toBeUndefined();
    const corrupt = new Error('Failed query', {
      cause: Object.assign(new Error('could not read block 7'), { code: 'XX000' }),
    });
    expect(findBadData(corrupt)).toBeUndefined();
  });

  it('the one error handler answers bad data with 400 INVALID_REQUEST, not 500, and logs it without the SQL', async () => {
    const errors = await Promise.all(BAD_DATA.map(({ query }) => errorOf(query)));
    const log: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    registerErrorHandling(app);
    app.get('/fail/:i', async (request) => {
      throw errors[Number((request.params as { i: string }).i)];
    });
    for (const [i, { sqlState }] of BAD_DATA.entries()) {
      const response = await app.inject({ url: `/fail/${i}` });
      expect(response.statusCode, sqlState).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', details: { sqlState } });
      // The client learns what was wrong, never the SQL or its parameters.
      expect(response.json().message).not.toMatch(/select|params/i);
    }
    await app.close();
    // One warning each, naming the SQLSTATE and the database's reason; the statement and its parameters stay out.
    const warnings = log.map((line) => JSON.parse(line));
    expect(warnings.map((line) => [line.level, line.sqlState])).toEqual(BAD_DATA.map(({ sqlState }) => [40, sqlState]));
    expect(warnings.find((line) => line.sqlState === 'XX000')?.reason).toBe('tsquery stack too small');
    expect(log.join('')).not.toMatch(/select|params|!!!/i);
  });
});
