import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createAppContext } from '../app-context';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { jobDefinitions } from '../jobs/definitions';
import { buildUser } from '../test-support/factories';
import { createScratchDatabase, createTestApp, pgliteOnly, type TestApp, testDrivers } from '../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../test-support/uploads';

/** Small budgets, so each flood meets its 429 quickly (the suites' default raises them). */
const SMALL = {
  RATE_LIMIT_GET_ID_PER_HOUR: '30',
  RATE_LIMIT_SEARCH_PER_MINUTE: '5',
  RATE_LIMIT_UPLOAD_PER_HOUR: '2',
  RATE_LIMIT_PDF_PROXY_PER_MINUTE: '3',
  RATE_LIMIT_WRITE_PER_MINUTE: '4',
  CONTACT_RATE_LIMIT_PER_HOUR: '2',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDrivers())('rate limits (%s)', (driver) => {
  let t: TestApp;
  let nextIp = 1;
  /** A fresh client address per test, so tests do not share the per-IP counts. */
  const freshIp = () => `198.51.100.${nextIp++}`;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: SMALL });
  });
  afterAll(() => t.close());

  const search = (ip: string, token?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search/',
      remoteAddress: ip,
      headers: { ...(token ? { 'x-user-id': token } : {}), ...extra },
      payload: { query: 'graph' },
    });

  it('refuses a get_id flood from one IP: of 3000 calls all but the hourly budget get 429, no user is minted', async () => {
    const ip = freshIp();
    const [before] = await t.db.select({ n: count() }).from(users);
    const statuses: number[] = [];
    for (let i = 0; i < 3000; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/user/get_id', remoteAddress: ip })).statusCode);
    }
    const refused = statuses.filter((status) => status === 429).length;
    console.info(`get_id flood: ${refused} of 3000 calls from one IP got 429`);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(refused).toBe(2970);
    const [after] = await t.db.select({ n: count() }).from(users);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(30);
    // Another client is not affected.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/get_id', remoteAddress: freshIp() })).statusCode).toBe(
      200,
    );
  });

  it('answers 429 in the error shape with Retry-After and RateLimit-* headers', async () => {
    const ip = freshIp();
    const first = await search(ip);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i += 1) expect((await search(ip)).statusCode).toBe(200);
    const refused = await search(ip);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-limit']).toBe('5');
    expect(refused.json()).toEqual({
      error: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('Too many searches: at most 5 a minute'),
      details: { retry_after_seconds: retryAfter, budget: 'search' },
    });
  });

  it('counts search suggestions and counts against the same search budget', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/conversational/search_suggestions?q=gra',
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await search(ip)).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/papers/count', remoteAddress: ip })).statusCode).toBe(429);
  });

  it('counts per user across IPs, and per IP across users', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 5; i += 1) expect((await search(freshIp(), user.token)).statusCode).toBe(200);
    expect((await search(freshIp(), user.token)).statusCode).toBe(429);

    const sharedIp = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await search(sharedIp, (await buildUser(t.db)).token)).statusCode).toBe(200);
    expect((await search(sharedIp, (await buildUser(t.db)).token)).statusCode).toBe(429);
  });

  it('limits every other write with the write budget, writing nothing once refused', async () => {
    const user = await buildUser(t.db);
    const ip = freshIp();
    const create = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/folders/',
        remoteAddress: ip,
        headers: { 'x-user-id': user.token },
        payload: { name },
      });
    for (let i = 0; i < 4; i += 1) expect((await create(`f${i}`)).statusCode).toBe(201);
    const refused = await create('one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.budget).toBe('write');
    const list = await t.app.inject({ method: 'GET', url: '/api/folders', headers: { 'x-user-id': user.token } });
    expect(list.json().map((folder: { name: string }) => folder.name)).not.toContain('one too many');
  });

  it('limits uploads per user: the refused upload stores nothing', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 2; i += 1) {
      const pdf = Buffer.concat([PDF, randomBytes(16)]);
      expect((await postUpload(t.app, user.token, [pdfPart(pdf)])).statusCode).toBe(201);
    }
    const before = await libraryState(t);
    const refused = await postUpload(t.app, user.token, [pdfPart(Buffer.concat([PDF, randomBytes(16)]))]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.budget).toBe('upload');
    expect(await libraryState(t)).toEqual(before);
  });

  it('limits the PDF proxy', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const url = `/api/pdf-proxy?url=${encodeURIComponent('https://example.invalid/x.pdf')}`;
      statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('limits contact messages with the contact budget', async () => {
    const user = await buildUser(t.db);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: freshIp(),
        headers: { 'x-user-id': user.token },
        payload: { message: 'hello' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('at most 2 an hour');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is off', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await search(ip, undefined, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('does not count reads without a budget, such as the folder list', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 10; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/folders', headers: { 'x-user-id': user.token } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('a failing counter store', () => {
  it('lets requests through uncounted instead of failing them', async () => {
    const t = await createTestApp('pglite', { seed: false, env: SMALL });
    const failing = {
      hit: async () => {
        throw new Error('counter store down');
      },
      sweep: async () => 0,
      close: async () => undefined,
    };
    const app = await buildApp({ ...t.context, counters: failing });
    try {
      for (let i = 0; i < 8; i += 1) {
        expect((await app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'x' } })).statusCode).toBe(
          200,
        );
      }
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describe.each(pgliteOnly())('TRUST_PROXY (%s)', (driver) => {
  it.each([
    ['a CIDR list', '127.0.0.1/8'],
    ['a hop count', '1'],
  ])('counts the client named by X-Forwarded-For when the proxy is trusted (%s)', async (_label, trustProxy) => {
    const t = await createTestApp(driver, { seed: false, env: { ...SMALL, TRUST_PROXY: trustProxy } });
    try {
      const search = (forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/search/',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { query: 'graph' },
        });
      // A client may prepend anything; the proxy appends the address it saw, which is what counts.
      for (let i = 0; i < 5; i += 1) expect((await search(`10.9.9.${i}, 203.0.113.7`)).statusCode).toBe(200);
      expect((await search('10.9.9.99, 203.0.113.7')).statusCode).toBe(429);
      // Another real client behind the same proxy has its own budget.
      expect((await search('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.each(pgliteOnly())('RATE_LIMIT_ENABLED=false (%s)', (driver) => {
  it('answers every request', async () => {
    const t = await createTestApp(driver, { seed: false, env: { ...SMALL, RATE_LIMIT_ENABLED: 'false' } });
    try {
      for (let i = 0; i < 8; i += 1) {
        expect((await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'x' } })).statusCode).toBe(
          200,
        );
      }
    } finally {
      await t.close();
    }
  });
});

/** Is a Redis server listening on 127.0.0.1:6379 (.ci/run starts one; a developer may have none)? */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(6379, '127.0.0.1');
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

// CI starts Redis (.ci/run), so there the store is always exercised rather than skipped.
describe.skipIf(!redisUp && !process.env.CI)('rate limits in Redis (REDIS_URL)', () => {
  it('two app instances count against one budget in Redis', async () => {
    const env = {
      ...SMALL,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `paperbench-test:${randomBytes(6).toString('hex')}:`,
    };
    const a = await createTestApp('pglite', { seed: false, env });
    const b = await createTestApp('pglite', { seed: false, env });
    try {
      const search = (t: TestApp) =>
        t.app.inject({ method: 'POST', url: '/api/search/', remoteAddress: '192.0.2.1', payload: { query: 'x' } });
      const statuses = [];
      for (const t of [a, b, a, b, a, b]) statuses.push((await search(t)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // Nothing was counted in PostgreSQL: the counters live in Redis.
      const result = await a.db.execute('select count(*)::int as n from rate_limit_counters');
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('rate limits across replicas (postgres)', () => {
  it('two app instances on one PostgreSQL database count against one budget', async () => {
    const scratch = await createScratchDatabase();
    const databases = [openDatabase({ url: scratch.url }), openDatabase({ url: scratch.url })];
    try {
      await databases[0]?.migrate();
      const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_CORPUS: 'false', ...SMALL });
      const [a, b] = await Promise.all(
        databases.map((database) => buildApp(createAppContext({ db: database.db, config, jobs: jobDefinitions }))),
      );
      if (!a || !b) throw new Error('apps not built');
      try {
        const search = (app: typeof a) =>
          app.inject({ method: 'POST', url: '/api/search/', remoteAddress: '192.0.2.9', payload: { query: 'x' } });
        const statuses = [];
        for (const app of [a, b, a, b, a, b]) statuses.push((await search(app)).statusCode);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      for (const database of databases) await database.close();
      await scratch.drop();
    }
  });
});

/** The defaults of config.ts, restated: the floods of docs/security.md#rate-limits-and-quotas against what a server really runs with. */
const DEFAULT_BUDGETS = {
  RATE_LIMIT_GET_ID_PER_HOUR: '100',
  RATE_LIMIT_SEARCH_PER_MINUTE: '120',
  RATE_LIMIT_WRITE_PER_MINUTE: '120',
  CONTACT_RATE_LIMIT_PER_HOUR: '5',
};

describe.each(testDrivers())(
  'floods under the default budgets (docs/security.md#rate-limits-and-quotas, %s)',
  (driver) => {
    it('meets 429s: fresh ids sending contact messages, a search flood, a folder flood', async () => {
      const t = await createTestApp(driver, { seed: false, env: DEFAULT_BUDGETS });
      try {
        const ip = '203.0.113.50';
        const tally = (statuses: number[]) => statuses.filter((status) => status === 429).length;

        const contact: number[] = [];
        for (let i = 0; i < 20; i += 1) {
          const user = await buildUser(t.db);
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/contact',
            remoteAddress: ip,
            headers: { 'x-user-id': user.token },
            payload: { message: `flood ${i}` },
          });
          contact.push(response.statusCode);
        }
        const searches = await Promise.all(
          Array.from({ length: 200 }, () =>
            t.app.inject({ method: 'POST', url: '/api/search/', remoteAddress: ip, payload: { query: 'graph' } }),
          ),
        );
        const user = await buildUser(t.db);
        const folders: number[] = [];
        for (let i = 0; i < 500; i += 1) {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/folders/',
            remoteAddress: ip,
            headers: { 'x-user-id': user.token },
            payload: { name: `f${i}` },
          });
          folders.push(response.statusCode);
        }
        console.info(
          `default budgets: contact ${tally(contact)}/20 refused, search ${tally(searches.map((r) => r.statusCode))}/200 refused, folders ${tally(folders)}/500 refused`,
        );
        expect(tally(contact)).toBe(15);
        expect(tally(searches.map((r) => r.statusCode))).toBe(80);
        expect(tally(folders)).toBe(380);
      } finally {
        await t.close();
      }
    });
  },
);
