import { contract, USER_ID_HEADER } from '@paperbench/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../db/schema';
import { buildFolder, buildFolderFile, buildNamedUser, buildUser } from '../test-support/factories';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, pgliteOnly, type TestApp, testDrivers } from '../test-support/test-app';
import { buildCases, type FuzzCase, isMultipart, sampleRoute, describe as show, sweepCases } from './fuzz-cases';
import { fuzzPlan, sampleOf } from './fuzz-plan';
import { createPrng } from './prng';

/**
 * docs/security.md#input-validation: every operation of the contract, fed seeded bad and edge input with and without a valid
 * X-User-ID (and with rows the caller owns, so authenticated paths run), answers below 500. A failure names
 * the route, the input and the seed: FUZZ_SEED=<seed> sends the same requests again. A test run sends a
 * sample of each route's cases on PGlite; FUZZ_FULL=1 (`pnpm bench`) sends them all, fixed seed, on both
 * drivers (docs/testing.md#the-contract-fuzz).
 */
const plan = fuzzPlan(process.env);
const drivers = plan.full ? testDrivers() : pgliteOnly();

/**
 * 5xx answers that are the right answer, not a fault: 501 for sign-in on a server without GOOGLE_CLIENT_ID, 502 when an
 * upstream (arXiv, the PDF hosts: here a closed local port) cannot be reached, 503 when one is saturated.
 */
const isExpected5xx = (status: number, error: unknown) =>
  (status === 501 && error === 'NOT_IMPLEMENTED') || ((status === 502 || status === 503) && error !== 'INTERNAL');

const collectRoutes = (router: AppRouter, prefix = ''): { name: string; route: AppRoute }[] =>
  Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [{ name: prefix + key, route: value }] : collectRoutes(value, `${prefix}${key}.`),
  );

/** The admin routes answer anyone else 404 before reading input (docs/deploy.md#the-admin-page): fuzzed as an administrator. */
const FUZZ_ADMIN = 'fuzz-admin@example.org';

/** Nothing listens here: every outbound fetch fails at once, on this machine (no test touches the network). */
const CLOSED_PORT_URL = 'http://127.0.0.1:9';

describe.each(drivers)('contract fuzz: no 5xx from bad input (%s)', (driver) => {
  let t: TestApp;
  let paperId: string;
  let admin: { id: number; token: string } | undefined;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: {
        ARXIV_PDF_BASE_URL: CLOSED_PORT_URL,
        ACL_PDF_BASE_URL: 'http://127.0.0.1:10',
        ARXIV_API_BASE_URL: `${CLOSED_PORT_URL}/api/query`,
        ARXIV_OAI_BASE_URL: `${CLOSED_PORT_URL}/oai`,
        JOBS_ENABLED: 'false',
        ADMIN_EMAILS: FUZZ_ADMIN,
      },
    });
    const [paper] = await t.db.select({ paperId: papers.paperId }).from(papers).limit(1);
    paperId = paper?.paperId as string;
  });
  afterAll(() => t?.close());

  /**
   * The ids a route's valid request names: the caller's folder, a corpus paper, and only where the route
   * needs them (setup is most of the test's time), a followed topic, a share link, a real upload (stored
   * bytes and all) with its signed link.
   */
  async function prepareRows(path: string, userId: string, folderId: number): Promise<Record<string, unknown>> {
    const auth = { [USER_ID_HEADER]: userId };
    const known: Record<string, unknown> = {
      id: /\/(folders?|forum)\//.test(path) ? folderId : paperId,
      folderId,
      folder_id: folderId,
      fileId: paperId,
      paperId,
      paper_id: paperId,
      platform: 'arxiv',
      topic: 'graphs',
      email: 'ada@example.org',
      url: `${CLOSED_PORT_URL}/pdf/1706.03762`,
      files: [paperId],
    };
    if (/topics|monitor|feed|subscription/.test(path)) {
      await t.app.inject({ method: 'POST', url: '/api/topics', headers: auth, payload: { topic: 'graphs' } });
    }
    if (path.includes('/share')) {
      const share = await t.app.inject({
        method: 'POST',
        url: '/api/share',
        headers: auth,
        payload: { files: [paperId] },
      });
      known.id = share.json().share_id;
    }
    if (path.includes('/uploads')) {
      const body = multipartBody(VALID_UPLOAD);
      const upload = await t.app.inject({ method: 'POST', url: '/api/upload/', ...withAuth(body, userId) });
      known.id = known.paperId = upload.json().paper_id;
      const signed = await t.app.inject({ url: `/api/uploads/${known.id}/pdf-url`, headers: auth });
      if (signed.statusCode === 200)
        Object.assign(known, Object.fromEntries(new URL(signed.json().url, 'http://x').searchParams));
    }
    return known;
  }

  it('answers every seeded bad input of every contract route below 500', { timeout: 300_000 }, async () => {
    console.info(
      `contract fuzz (${driver}): seed ${plan.seed}${plan.full ? ', full run' : ' (FUZZ_SEED=<seed> sends it again)'}`,
    );
    const prng = createPrng(plan.seed);
    const failures: string[] = [];
    let sent = 0;
    let userId = '';
    const unclear: string[] = [];
    const send = async (name: string, fuzz: FuzzCase, identity: string | undefined) => {
      const headers = identity ? { ...fuzz.headers, [USER_ID_HEADER]: identity } : fuzz.headers;
      const response = await t.app.inject({
        method: fuzz.method as 'GET',
        url: fuzz.url,
        headers,
        payload: fuzz.payload,
      });
      sent++;
      // The text type's own refusal: a NUL or a lone surrogate is a 400 that says so, wherever it is sent.
      // (A URL cannot carry a lone surrogate: its WTF-8 bytes decode to U+FFFD, which is text. Sign-in without
      // GOOGLE_CLIENT_ID answers 501 before it validates.)
      const sweep = fuzz.sweep;
      const isBadText = sweep?.junk === 'a\u0000b' || (sweep?.junk === '\uD800' && sweep.where === 'body');
      if (sweep?.wasText && isBadText && identity === userId && response.statusCode !== 501) {
        // 400 naming the problem (zText's message), or naming the field (an enum, a number, a union refuse it too).
        const isClear =
          response.statusCode === 400 &&
          /NUL character|valid Unicode|not valid percent-encoding|"fields":\[\{/.test(response.body);
        if (!isClear) unclear.push(`${name} [${fuzz.label}] → ${response.statusCode} ${show(response.body)}`);
      }
      if (response.statusCode < 500) return;
      let error: unknown;
      try {
        error = response.json().error;
      } catch {
        error = undefined;
      }
      if (isExpected5xx(response.statusCode, error)) return;
      failures.push(
        `${name}: ${fuzz.method} ${show(fuzz.url)} [${fuzz.label}] ${identity ? 'as owner' : 'anonymous'} ` +
          `content-type=${fuzz.headers['content-type'] ?? '-'} payload=${fuzz.payload === undefined ? '-' : show(String(fuzz.payload))} ` +
          `→ ${response.statusCode} ${show(response.body)}`,
      );
    };

    for (const { name, route } of collectRoutes(contract)) {
      // A fresh owner and fresh rows per route: a route that deletes (a folder, an upload) or revokes (logout)
      // leaves the next route its own.
      if (name.startsWith('admin.') && !admin) {
        admin = await buildNamedUser(t.db, { email: FUZZ_ADMIN, name: 'Fuzz Admin' });
      }
      const owner = name.startsWith('admin.') && admin ? admin : await buildUser(t.db);
      userId = owner.token;
      const folder = await buildFolder(t.db, { ownerId: owner.id, name: `fuzz ${name}` });
      await buildFolderFile(t.db, { folderId: folder.id, paper: { paperId } });
      const known = await prepareRows(route.path, userId, folder.id);
      const sample = sampleRoute(route, known);
      const cases = buildCases(route, sample, prng, plan.casesPerRoute);
      if (isMultipart(route)) cases.push(...multipartCases(route.path));
      for (const fuzz of cases) {
        await send(name, fuzz, undefined);
        await send(name, fuzz, userId);
      }
      // The sweep reaches the handlers only as the owner (anonymous callers mostly stop at 401). A route that
      // ended the owner's session or account (logout, account delete) leaves the sweep a fresh caller.
      const stillValid = await t.app.inject({ url: '/api/folders', headers: { [USER_ID_HEADER]: userId } });
      if (stillValid.statusCode === 401) userId = (await buildUser(t.db)).token;
      const sweep = sampleOf(sweepCases(route, sample), plan.sweepPerRoute, prng);
      for (const fuzz of sweep) await send(name, fuzz, userId);
      // An id that looks right but was never issued, and one with junk characters: both a clean 401.
      await send(name, cases[0] as FuzzCase, 'AAAAAAAAAAAAAAAAAAAAAA');
      await send(name, cases[0] as FuzzCase, '%00\u00ff'.repeat(50));
    }

    console.info(`contract fuzz (${driver}, seed ${plan.seed}): ${sent} requests, ${failures.length} unexpected 5xx`);
    if (failures.length) console.error(`contract fuzz found ${failures.length} 5xx:\n${failures.join('\n')}`);
    const seed = `FUZZ_SEED=${plan.seed}`;
    expect(failures, `${seed}\n${failures.slice(0, 20).join('\n')}`).toEqual([]);
    expect(sent).toBeGreaterThan(plan.full ? 3_000 : 700);
    expect(unclear, `${seed}\n${unclear.slice(0, 20).join('\n')}`).toEqual([]);
  });
});

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const VALID_UPLOAD = [{ name: 'file', filename: 'a.pdf', content: MINIMAL_PDF }];
const withAuth = ({ payload, headers }: { payload: Buffer; headers: Record<string, string> }, userId: string) => ({
  payload,
  headers: { ...headers, [USER_ID_HEADER]: userId },
});

/** Multipart uploads with spoiled parts: junk text fields, a wrong field name, a non-PDF, no file at all. */
function multipartCases(path: string): FuzzCase[] {
  const pdf = MINIMAL_PDF;
  const variants = [
    {
      label: 'valid',
      parts: [
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'title', value: 'A draft' },
      ],
    },
    {
      label: 'title with NUL',
      parts: [
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'title', value: 'a\u0000b' },
      ],
    },
    {
      label: 'authors lone surrogate',
      parts: [
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'authors', value: '\uD800' },
      ],
    },
    {
      label: 'published overflow',
      parts: [
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'published', value: '294277-01-01' },
      ],
    },
    { label: 'wrong field name', parts: [{ name: 'document', filename: 'a.pdf', content: pdf }] },
    { label: 'not a pdf', parts: [{ name: 'file', filename: 'a.pdf', content: Buffer.from('\u0000\u0001 hello') }] },
    { label: 'no file', parts: [{ name: 'title', value: 'x' }] },
    { label: 'filename with NUL', parts: [{ name: 'file', filename: 'a\u0000.pdf', content: pdf }] },
    {
      label: 'two files',
      parts: [
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'file', filename: 'b.pdf', content: pdf },
      ],
    },
  ];
  return variants.map(({ label, parts }) => {
    const { payload, headers } = multipartBody(parts);
    return { label: `multipart ${label}`, method: 'POST', url: path, headers, payload };
  });
}
