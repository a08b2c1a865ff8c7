import type { TStreamEvent } from '@paperbench/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions } from '../../db/schema';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import {
  buildAnnotation,
  buildFolder,
  buildFolderFile,
  buildPageTexts,
  buildPaper,
  buildPassages,
  buildUpload,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import { type TestApp, testDrivers } from '../../test-support/test-app';
import { buildChatFixture, deltasOf, GHANA_SURVEY, parseEventStream, SPECTER_GRAPH } from './chat-test-support';

/** The page the reader marked, as pdf.js gave it (line breaks where the PDF broke lines). */
const MARKED_PAGE =
  'Results\nThe model attends to the\ncitation graph of each paper. Scores improve by 4 points on SciDocs.\nWe leave other graphs to future work.';
const QUOTE = 'The model attends to the citation graph of each paper.';

type Event = TStreamEvent | '[DONE]';
const ofType = <T extends TStreamEvent['type']>(events: Event[], type: T) =>
  events.filter(
    (event): event is Extract<TStreamEvent, { type: T }> => typeof event !== 'string' && event.type === type,
  );

/** docs/ai.md#asking-about-a-quote and docs/ai.md#my-highlights, with a model (the fake server) and offline. */
describe.each(testDrivers())('chat about the reader’s marks (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    fake = apps.fake;
  });
  afterAll(() => apps.close());

  const ask = (app: TestApp, token: string, payload: object) =>
    app.app.inject({ method: 'POST', url: '/api/chat/stream_chat', payload, headers: { 'x-user-id': token } });
  const sessionsOf = async (app: TestApp, userId: number) =>
    (await app.db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.userId, userId)))[0]?.n;

  /** The chat fixture's user, and a paper not in their File List whose page 2 holds the marked text. */
  async function quoteFixture(app: TestApp) {
    const fixture = await buildChatFixture(app.db);
    const marked = await buildPaper(app.db, { title: 'Graph attention for papers' });
    await buildPageTexts(app.db, marked, ['Title page', MARKED_PAGE]);
    await buildPassages(app.db, marked, [{ text: MARKED_PAGE.replace(/\n/g, ' '), page: 2 }]);
    const quote = { paper_id: marked.paperId, platform: 'arxiv', page: 2, exact: QUOTE };
    return { ...fixture, marked, quote };
  }

  describe('a quote (Ask AI)', () => {
    it('is passage [1], cited and checked like any passage, with a model; its paper counts though not selected', async () => {
      const { user, quote, marked } = await quoteFixture(apps.model);
      const before = fake.chatRequests().length;
      fake.reply({
        text: 'The model attends to the citation graph of each paper [1].\nEVIDENCE:\n[1] "attends to the citation graph of each paper"',
      });
      const events = parseEventStream(
        (await ask(apps.model, user.token, { message: 'What does this mean?', quote })).body,
      );
      const [passages] = ofType(events, 'passages');
      expect(passages?.passages[0]).toEqual({
        n: 1,
        paper_id: marked.paperId,
        platform: 'arxiv',
        page: 2,
        text: QUOTE,
      });
      expect(ofType(events, 'sources')[0]?.papers).toContainEqual({ paper_id: marked.paperId, platform: 'arxiv' });
      const system = fake.chatRequests().slice(before)[0]?.body.messages[0].content as string;
      expect(system).toContain(`[1] (arxiv ${marked.paperId}, page 2)\n${QUOTE}`);
      expect(system).toContain('The question is about passage [1], which the reader marked on page 2.');
      expect(ofType(events, 'done')[0]).toMatchObject({
        source: 'model',
        abstained: false,
        citations: { supported: [1], unsupported: [] },
      });
    });

    it('is quoted, cited, by the offline answer', async () => {
      const { user, quote } = await quoteFixture(apps.offline);
      const events = parseEventStream((await ask(apps.offline, user.token, { message: 'Explain this', quote })).body);
      expect(deltasOf(events)).toContain(`${QUOTE} [1]`);
      expect(ofType(events, 'done')[0]).toMatchObject({ source: 'extractive', abstained: false });
      expect(ofType(events, 'done')[0]?.citations.supported).toContain(1);
    });

    it('is refused (400), nothing written, when it is not on its page or the text is not extracted', async () => {
      const { user, quote } = await quoteFixture(apps.offline);
      const elsewhere = await ask(apps.offline, user.token, { message: 'Why?', quote: { ...quote, page: 1 } });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toMatch(/not on page 1 of the paper/);
      const invented = await ask(apps.offline, user.token, {
        message: 'Why?',
        quote: { ...quote, exact: 'Graphs are never useful for papers.' },
      });
      expect(invented.statusCode).toBe(400);
      const unread = await buildPaper(apps.offline.db);
      const notExtracted = await ask(apps.offline, user.token, {
        message: 'Why?',
        quote: { ...quote, paper_id: unread.paperId },
      });
      expect(notExtracted.statusCode).toBe(400);
      expect(notExtracted.json().message).toMatch(/not extracted yet/);
      expect(await sessionsOf(apps.offline, user.id)).toBe(0);
    });

    it('is 404 on a paper the caller cannot read, and a NUL in it is 400; nothing written', async () => {
      const { user, quote } = await quoteFixture(apps.offline);
      const owner = await buildUser(apps.offline.db);
      const upload = await buildUpload(apps.offline.db, { ownerId: owner.id });
      await buildPageTexts(apps.offline.db, { platform: 'upload', paperId: upload.paperId }, [MARKED_PAGE]);
      const stranger = await ask(apps.offline, user.token, {
        message: 'Why?',
        quote: { paper_id: upload.paperId, platform: 'upload', page: 1, exact: QUOTE },
      });
      expect(stranger.statusCode).toBe(404);
      const nul = await ask(apps.offline, user.token, {
        message: 'Why?',
        quote: { ...quote, exact: 'The model\u0000' },
      });
      expect(nul.statusCode).toBe(400);
      expect(await sessionsOf(apps.offline, user.id)).toBe(0);
    });
  });

  describe('"my highlights"', () => {
    /** The fixture's user marks two passages (one with a note); Bob's mark shared with them is not theirs. */
    async function marksFixture(app: TestApp) {
      const fixture = await buildChatFixture(app.db);
      const { user, specter, ghana } = fixture;
      await buildAnnotation(app.db, {
        userId: user.id,
        paper: specter,
        page: 3,
        exact: 'pretraining a Transformer on the citation graph',
        pageText: SPECTER_GRAPH,
        note: 'compare with our GNN',
      });
      await buildAnnotation(app.db, {
        userId: user.id,
        paper: ghana,
        page: 2,
        exact: 'Patients waited 4 hours on average before seeing a doctor.',
        pageText: GHANA_SURVEY,
      });
      const bob = await buildUser(app.db);
      const folder = await buildFolder(app.db, { ownerId: bob.id });
      await shareFolder(app.db, folder.id);
      await buildFolderFile(app.db, { folderId: folder.id, paper: specter });
      await buildAnnotation(app.db, {
        userId: bob.id,
        paper: specter,
        page: 4,
        exact: 'Bob marked this',
        folderId: folder.id,
      });
      return fixture;
    }

    it('offline: lists the reader’s own marks, verbatim and cited, with their notes as theirs', async () => {
      const { user } = await marksFixture(apps.offline);
      const events = parseEventStream(
        (await ask(apps.offline, user.token, { message: 'Summarize my highlights' })).body,
      );
      expect(ofType(events, 'passages')[0]?.passages.map(({ n, page, text }) => ({ n, page, text }))).toEqual(
        expect.arrayContaining([
          { n: expect.any(Number), page: 3, text: 'pretraining a Transformer on the citation graph' },
          { n: expect.any(Number), page: 2, text: 'Patients waited 4 hours on average before seeing a doctor.' },
        ]),
      );
      const answer = deltasOf(events);
      expect(answer).toMatch(
        /- pretraining a Transformer on the citation graph \[\d\] \(your note: compare with our GNN\)/,
      );
      expect(answer).not.toContain('Bob marked this');
      expect(ofType(events, 'done')[0]).toMatchObject({
        source: 'extractive',
        abstained: false,
        citations: { supported: [1, 2], unsupported: [] },
      });
    });

    it('with a model: the marks are the passages, notes given as the reader’s words, the answer checked', async () => {
      const { user, specter, ghana } = await marksFixture(apps.model);
      // The marks are numbered by paper (its id), then page.
      const [g, s] = ghana.paperId < specter.paperId ? [1, 2] : [2, 1];
      const before = fake.chatRequests().length;
      fake.reply({
        text: `You marked that patients waited 4 hours on average [${g}]. You also marked that SPECTER trains on 95 graphs [${s}].\nEVIDENCE:\n[${g}] "Patients waited 4 hours on average"\n[${s}] "pretraining a Transformer on the citation graph"`,
      });
      const events = parseEventStream((await ask(apps.model, user.token, { message: 'What did I highlight?' })).body);
      const system = fake.chatRequests().slice(before)[0]?.body.messages[0].content as string;
      expect(system).toContain('the parts of the papers the reader marked');
      expect(system).toContain(`[${s}] compare with our GNN`);
      expect(system).not.toContain('Bob marked this');
      const passages = ofType(events, 'passages')[0]?.passages ?? [];
      expect(passages.find((passage) => passage.n === g)?.text).toMatch(/^Patients waited/);
      // The number 95 is in no mark: that sentence is not verified.
      expect(ofType(events, 'done')[0]).toMatchObject({
        source: 'model',
        citations: { supported: [g], unsupported: [s] },
      });
    });

    it('folder summary of my highlights: the marks, summarised and checked with a model, listed offline, never cached', async () => {
      const offline = await marksFixture(apps.offline);
      const url = `/api/folders/${offline.folder.id}/summary?source=highlights`;
      const listed = (await apps.offline.app.inject({ url, headers: { 'x-user-id': offline.user.token } })).json();
      expect(listed).toMatchObject({ source: 'extractive', abstained: false, stale: false });
      expect(listed.summary).toContain('(your note: compare with our GNN)');
      expect(listed.passages).toHaveLength(2);
      expect(listed.citations).toEqual({ supported: [1, 2], unsupported: [] });

      const withModel = await marksFixture(apps.model);
      const [g] = withModel.ghana.paperId < withModel.specter.paperId ? [1] : [2];
      fake.reply({
        text: `Patients waited 4 hours on average [${g}].\nEVIDENCE:\n[${g}] "Patients waited 4 hours on average"`,
      });
      const summary = (
        await apps.model.app.inject({
          url: `/api/folders/${withModel.folder.id}/summary?source=highlights`,
          headers: { 'x-user-id': withModel.user.token },
        })
      ).json();
      expect(summary).toMatchObject({
        source: 'model',
        abstained: false,
        citations: { supported: [g], unsupported: [] },
      });

      const none = await buildChatFixture(apps.offline.db);
      const empty = (
        await apps.offline.app.inject({
          url: `/api/folders/${none.folder.id}/summary?source=highlights`,
          headers: { 'x-user-id': none.user.token },
        })
      ).json();
      expect(empty).toMatchObject({ summary: "You have no highlights in this folder's papers.", abstained: true });
      // A stranger's folder is 404, as for the folder's own summary.
      const stranger = await apps.offline.app.inject({ url, headers: { 'x-user-id': none.user.token } });
      expect(stranger.statusCode).toBe(404);
    });

    it('says plainly that there are none, in both modes, without asking a model', async () => {
      for (const app of [apps.model, apps.offline]) {
        const { user } = await buildChatFixture(app.db);
        const before = fake.chatRequests().length;
        const events = parseEventStream((await ask(app, user.token, { message: 'What are my notes about?' })).body);
        expect(deltasOf(events)).toBe('You have no highlights in the selected papers.');
        expect(ofType(events, 'passages')[0]?.passages).toEqual([]);
        expect(ofType(events, 'done')[0]).toMatchObject({ abstained: true });
        expect(fake.chatRequests()).toHaveLength(before);
      }
    });
  });
});
