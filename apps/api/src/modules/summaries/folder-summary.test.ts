import type { TFolderSummary } from '@paperbench/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { papers } from '../../db/schema';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import {
  buildFolder,
  buildFolderFile,
  buildPaper,
  buildPassages,
  buildUpload,
  buildUser,
} from '../../test-support/factories';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import { type TestApp, testDrivers } from '../../test-support/test-app';
import { FOLDER_SUMMARY_ABSTENTION } from './folder-summary.service';
import { GHANA_ABSTRACT, SCIDOCS_ABSTRACT, SPECTER_ABSTRACT } from './summary-test-support';

const DRAFT_TEXT =
  'Our draft measures how citation embeddings transfer to patents. Transfer to patent classification loses 6 points of accuracy.';

const MODEL_OVERVIEW = [
  'SPECTER pretrains a Transformer on the citation graph [1]. Citation-informed embeddings outperform general language models [2].',
  'EVIDENCE:',
  '[1] "pretraining a Transformer on the citation graph"',
  '[2] "Citation-informed embeddings outperform general language models"',
].join('\n');

/** A user's folder of two papers with abstracts and an upload whose text has no abstract. */
async function buildSummaryFolder(db: Db) {
  const user = await buildUser(db);
  const folder = await buildFolder(db, { ownerId: user.id, name: 'Embeddings' });
  for (const [title, abstract] of [
    ['SPECTER', SPECTER_ABSTRACT],
    ['SciDocs', SCIDOCS_ABSTRACT],
  ] as const) {
    await buildFolderFile(db, { folderId: folder.id, paper: await buildPaper(db, { title, abstract }) });
  }
  const draft = await buildUpload(db, { ownerId: user.id, title: 'Patent draft' });
  // Uploads rarely come with an abstract: the summary reads their text instead.
  await db.update(papers).set({ abstract: null }).where(eq(papers.paperId, draft.paperId));
  await buildPassages(db, draft, [{ text: DRAFT_TEXT, page: 2 }]);
  await buildFolderFile(db, { folderId: folder.id, paper: draft });
  return { user, folder, draft };
}

describe.each(testDrivers())('folder summaries (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let t: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model: t, offline } = apps);
  });
  afterAll(() => apps.close());

  const get = (app: TestApp, token: string, folderId: number) =>
    app.app.inject({ url: `/api/folders/${folderId}/summary`, headers: { 'x-user-id': token } });
  const regenerate = (app: TestApp, token: string, folderId: number) =>
    app.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/summary/regenerate`,
      headers: { 'x-user-id': token },
    });

  it('writes a cited overview on first request, then serves it from the cache', async () => {
    const { user, folder, draft } = await buildSummaryFolder(t.db);
    const before = fake.chatRequests().length;
    fake.reply({ text: MODEL_OVERVIEW });
    const first = await get(t, user.token, folder.id);
    expect(first.statusCode).toBe(200);
    const summary = first.json() as TFolderSummary;
    expect(summary).toMatchObject({
      folder_id: folder.id,
      source: 'model',
      stale: false,
      abstained: false,
      citations: { supported: [1, 2], unsupported: [] },
    });
    expect(summary.summary).not.toContain('EVIDENCE');
    // Abstracts on page 1; the upload without one is read from its text, with its own page.
    expect(summary.passages.map(({ n, page, text }) => ({ n, page, text }))).toEqual([
      { n: 1, page: 1, text: SPECTER_ABSTRACT },
      { n: 2, page: 1, text: SCIDOCS_ABSTRACT },
      { n: 3, page: 2, text: DRAFT_TEXT },
    ]);
    const system = fake.chatRequests().at(-1)?.body.messages[0].content as string;
    expect(system).toContain(`[3] ("Patent draft", page 2)\n${DRAFT_TEXT}`);
    expect(summary.passages[2]?.paper_id).toBe(draft.paperId);

    const again = await get(t, user.token, folder.id);
    expect(again.json()).toEqual(summary);
    expect(fake.chatRequests()).toHaveLength(before + 1);
  });

  it('is stale once a paper is added or removed, and regenerate writes a fresh one', async () => {
    const { user, folder } = await buildSummaryFolder(t.db);
    fake.reply({ text: MODEL_OVERVIEW });
    const original = (await get(t, user.token, folder.id)).json() as TFolderSummary;
    const ghana = await buildPaper(t.db, { title: 'Health services in Ghana', abstract: GHANA_ABSTRACT });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/folders/${folder.id}/files`,
      payload: { paper_id: ghana.paperId, platform: 'arxiv' },
      headers: { 'x-user-id': user.token },
    });
    expect(added.statusCode).toBe(201);
    const stale = (await get(t, user.token, folder.id)).json() as TFolderSummary;
    expect(stale).toEqual({ ...original, stale: true });

    fake.reply({ text: MODEL_OVERVIEW });
    const fresh = await regenerate(t, user.token, folder.id);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ stale: false, passages: expect.arrayContaining([expect.anything()]) });
    expect((fresh.json() as TFolderSummary).passages).toHaveLength(4);
    expect((await get(t, user.token, folder.id)).json()).toMatchObject({ stale: false });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/folders/${folder.id}/files/${encodeURIComponent(ghana.paperId)}?platform=arxiv`,
      headers: { 'x-user-id': user.token },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(t, user.token, folder.id)).json()).toMatchObject({ stale: true });
  });

  it('writes again, rather than serves, a summary quoting an upload the folder no longer offers', async () => {
    const { user, folder, draft } = await buildSummaryFolder(t.db);
    fake.reply({ text: MODEL_OVERVIEW });
    const first = (await get(t, user.token, folder.id)).json() as TFolderSummary;
    expect(first.passages.map((passage) => passage.paper_id)).toContain(draft.paperId);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/folders/${folder.id}/files/${draft.paperId}?platform=upload`,
      headers: { 'x-user-id': user.token },
    });
    expect(removed.statusCode).toBe(204);

    // Its text would outlive the upload's access (docs/collaboration.md#uploads): not served, even as stale.
    fake.reply({ text: MODEL_OVERVIEW });
    const before = fake.chatRequests().length;
    const after = await get(t, user.token, folder.id);
    expect(after.json()).toMatchObject({ stale: false });
    expect(after.body).not.toContain(DRAFT_TEXT);
    expect((after.json() as TFolderSummary).passages.map((passage) => passage.paper_id)).not.toContain(draft.paperId);
    expect(fake.chatRequests()).toHaveLength(before + 1);
  });

  it("answers 404 for a stranger's folder, and writes nothing for them", async () => {
    const { folder } = await buildSummaryFolder(t.db);
    const stranger = await buildUser(t.db);
    const before = fake.chatRequests().length;
    for (const response of [await get(t, stranger.token, folder.id), await regenerate(t, stranger.token, folder.id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(fake.chatRequests()).toHaveLength(before);
  });

  it('says an empty folder has nothing to summarise, and abstains when no paper has text', async () => {
    const user = await buildUser(t.db);
    const empty = await buildFolder(t.db, { ownerId: user.id });
    expect((await get(t, user.token, empty.id)).json()).toMatchObject({ summary: '', abstained: false, passages: [] });
    const bare = await buildFolder(t.db, { ownerId: user.id });
    await buildFolderFile(t.db, { folderId: bare.id, paper: await buildPaper(t.db, { abstract: null }) });
    expect((await get(t, user.token, bare.id)).json()).toMatchObject({
      summary: FOLDER_SUMMARY_ABSTENTION,
      abstained: true,
    });
  });

  it('offline: verbatim sentences of the papers, each cited, labelled extractive', async () => {
    const { user, folder } = await buildSummaryFolder(offline.db);
    const summary = (await get(offline, user.token, folder.id)).json() as TFolderSummary;
    expect(summary).toMatchObject({ source: 'extractive', abstained: false, stale: false });
    const sentences = [...summary.summary.matchAll(/(.+?) \[(\d+)\](?: |$)/g)];
    expect(sentences.length).toBeGreaterThan(1);
    for (const [, sentence, n] of sentences) {
      expect(summary.passages.find((passage) => passage.n === Number(n))?.text).toContain(sentence);
    }
    // One sentence per paper at most.
    const cited = sentences.map(([, , n]) => n);
    expect(new Set(cited).size).toBe(cited.length);
    // Offline, Regenerate gives the same text (the dialog says so, docs/ai.md#summaries).
    const again = (await regenerate(offline, user.token, folder.id)).json() as TFolderSummary;
    expect(again.summary).toBe(summary.summary);
  });
});
