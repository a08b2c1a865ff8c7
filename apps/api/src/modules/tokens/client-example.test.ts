import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/package-paths';
import { buildPageTexts, buildPaper, buildPassages, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { SPECTER_GRAPH, SPECTER_LOSS } from '../chat/chat-test-support';

const run = promisify(execFile);
const clientPackage = path.join(packageRoot, '..', '..', 'packages', 'client');

/**
 * docs/client.md#a-runnable-example: the example a backend engineer copies, run as is (tsx, the real
 * fetch, a real token) against a listening test app: it must search, add to a folder and print cited
 * passages that exist, on their pages.
 */
describe.each(testDrivers())('the typed client example (%s)', (driver) => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    const specter = await buildPaper(t.db, {
      title: 'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
    });
    paperId = specter.paperId;
    // Read already (status `ready`), so the example does not wait for a full text.
    await buildPageTexts(t.db, specter, ['Title', 'Introduction', SPECTER_GRAPH, SPECTER_LOSS]);
    await buildPassages(t.db, specter, [
      { text: SPECTER_GRAPH, page: 3 },
      { text: SPECTER_LOSS, page: 4 },
    ]);
    const ada = await buildUser(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { 'x-user-id': ada.token },
      payload: { name: 'client example', scopes: ['read', 'write', 'ai'] },
    });
    expect(created.statusCode).toBe(201);
    token = created.json().token;
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('searches, keeps the hit in a folder and prints the verified citations with their pages', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'examples/search-add-ask.ts', 'SPECTER citation', 'How does SPECTER use the citation graph?'],
      { cwd: clientPackage, env: { ...process.env, PAPERBENCH_URL: baseUrl, PAPERBENCH_TOKEN: token } },
    );
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      `found: ${paperId} SPECTER: Document-level Representation Learning using Citation-informed Transformers`,
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^added ${paperId} to folder \\d+$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^answer \((extractive|model)\): \S/));
    const cited = lines.filter((line) => /^\[\d+\] /.test(line));
    expect(cited.length).toBeGreaterThan(0);
    for (const line of cited) {
      const [, id, page, text] = /^\[\d+\] (\S+) p\. (\d+): (.+)$/.exec(line) ?? [];
      expect(id).toBe(paperId);
      const onPage = { 3: SPECTER_GRAPH, 4: SPECTER_LOSS }[Number(page)];
      expect(onPage?.startsWith(text ?? '\u0000')).toBe(true);
    }
  });

  it('stops with the server message when the token is refused', async () => {
    const refused = run(process.execPath, ['--import', 'tsx', 'examples/search-add-ask.ts'], {
      cwd: clientPackage,
      env: { ...process.env, PAPERBENCH_URL: baseUrl, PAPERBENCH_TOKEN: `pbt_${'A'.repeat(43)}` },
    });
    await expect(refused).rejects.toMatchObject({ stderr: expect.stringContaining('search refused') });
  });
});
