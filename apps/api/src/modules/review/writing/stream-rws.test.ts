import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from '../../../ai/text/normalize';
import { chatSessions, papers as paperRows } from '../../../db/schema';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../../test-support/ai-test-apps';
import { buildPaper, buildPassages, buildUpload, buildUser } from '../../../test-support/factories';
import type { FakeLlmServer } from '../../../test-support/fake-llm-server';
import { pgliteOnly, type TestApp } from '../../../test-support/test-app';
import { CLOSING_TITLE } from './review-draft';
import { countDrafts, DRAFTS_KEPT_PER_SESSION, insertDraft, selectLatestDraft } from './review-drafts.repo';
import {
  addReviewFiles,
  buildReviewSession,
  buildWritingFixture,
  type Event,
  firstSentence,
  ofType,
  PASSAGES,
  type PromptPassage,
  replyFromPrompt,
  writingClient,
} from './writing-test-support';

const typesOf = (events: readonly Event[]) => events.map((event) => (typeof event === 'string' ? event : event.type));
const markers = (text: string) =>
  [...text.matchAll(/\[(\d+(?:, \d+)*)\]/g)].flatMap((m) => (m[1] ?? '').split(', ').map(Number));
/** Sentences of a written text with the reference numbers each cites. */
const sentencesOf = (text: string) =>
  (text.match(/[^[]+\[[\d, ]+\]/g) ?? []).map((part) => ({
    text: part.replace(/\s*\[[\d, ]+\]$/, '').trim(),
    cites: markers(part),
  }));

/** A good paragraph (a verbatim sentence per passage), an unsupported claim and a citation of a passage that does not exist. */
function mixedParagraph(passages: PromptPassage[]) {
  const good = passages.slice(0, -1);
  const last = passages.at(-1) as PromptPassage;
  return [
    [
      ...good.map((passage) => `${firstSentence(passage.text)} [${passage.n}]`),
      `It reaches 99.9 accuracy on ImageNet [${last.n}].`,
      `Doe et al. introduced the FooBar benchmark [${passages.length + 5}].`,
    ].join(' '),
    'EVIDENCE:',
    ...good.map((passage) => `[${passage.n}] "${firstSentence(passage.text)}"`),
    `[${last.n}] "99.9 accuracy on ImageNet"`,
    `[${passages.length + 5}] "the FooBar benchmark"`,
  ].join('\n');
}

describe.each(pgliteOnly())('POST /api/review/stream_rws and GET /api/review/export (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let model: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model, offline } = apps);
  });
  afterAll(() => apps.close());

  describe('offline (extractive)', () => {
    it('outlines the graph’s connected groups, writes cited verbatim sentences, and builds the references from metadata', async () => {
      const { user, sessionId, papers } = await buildWritingFixture(offline.db);
      const events = await writingClient(offline).events(user.token, { session_id: sessionId });
      expect(typesOf(events)).toEqual(['outline', 'section', 'section', 'section', 'references', 'done', '[DONE]']);

      // The components of the two accepted edges; the proposed edge to the parsing paper shapes nothing.
      const [outline] = ofType(events, 'outline');
      expect(outline?.sections.map((section) => section.papers.map((paper) => paper.paper_id))).toEqual([
        [papers.design.paperId, papers.evolution.paperId, papers.activity.paperId],
        [papers.parsing.paperId],
      ]);
      expect(outline?.sections[0]?.labels).toEqual(['extends', 'compares with']);
      // Named by a key phrase its papers share, not single words under machine labels.
      expect(outline?.sections[0]?.title).toBe('Protein language models');
      expect(outline?.sections[1]?.title).toBe('Other related work');
      expect(outline?.closing).toBe(CLOSING_TITLE);

      const [references] = ofType(events, 'references');
      const refs = references?.references ?? [];
      // Only the session's papers: the target is not a node, so it is not cited.
      expect(refs.map((ref) => ref.paper_id).sort()).toEqual(
        [papers.design, papers.evolution, papers.activity, papers.parsing].map((paper) => paper.paperId).sort(),
      );
      expect(refs.map((ref) => ref.n)).toEqual([1, 2, 3, 4]);
      const design = refs.find((ref) => ref.paper_id === papers.design.paperId);
      expect(design).toMatchObject({
        title: papers.design.title,
        authors: [...papers.design.authors],
        year: 2021,
        doi: '10.1000/design',
        url: `https://arxiv.org/abs/${papers.design.paperId}`,
        key: 'Lovelace2021Protein',
        cited: true,
      });

      // Every sentence is a sentence of the paper its [n] names, its first person attributed to the authors.
      const textsOf = (paperId: string) => {
        const paper = Object.values(papers).find((candidate) => candidate.paperId === paperId);
        const name = Object.entries(papers).find(([, candidate]) => candidate.paperId === paperId)?.[0];
        const passages = (PASSAGES as Record<string, readonly { text: string }[]>)[name ?? ''] ?? [];
        return [paper?.abstract ?? '', ...passages.map((passage) => passage.text)].join('\n');
      };
      const sections = ofType(events, 'section').map((event) => event.section);
      expect(sections.map((section) => section.source)).toEqual(['extractive', 'extractive', 'extractive']);
      for (const section of sections.slice(0, 2)) {
        const sentences = sentencesOf(section.text);
        expect(sentences.length).toBeGreaterThan(0);
        for (const sentence of sentences) {
          expect(sentence.cites).toHaveLength(1);
          const ref = refs.find((candidate) => candidate.n === sentence.cites[0]);
          expect(ref).toBeDefined();
          const own = new Set(tokenize(`${textsOf(ref?.paper_id ?? '')} ${ref?.authors.join(' ')}`));
          expect(
            tokenize(sentence.text).filter((term) => !own.has(term)),
            sentence.text,
          ).toEqual([]);
          expect(sentence.text).not.toMatch(/\b(?:we|our|us)\b/i);
          expect(sentence.text).not.toMatch(/^\d+ Related Work/);
        }
      }
      // "We fine-tune protein language models…" speaks as its authors, with the reference's year.
      expect(sections[0]?.text).toMatch(/Lovelace and Turing \(2021\) fine-tune protein language models/);
      // Each of the first group's papers is cited in its section, abstract-only ones included.
      expect(new Set(markers(sections[0]?.text ?? '')).size).toBe(3);
      // The closing paragraph quotes the target (which cites no number: a paper does not cite itself).
      expect(sections[2]).toMatchObject({ id: 'closing', title: CLOSING_TITLE });
      expect(markers(sections[2]?.text ?? '')).toEqual([]);
      expect(papers.target.abstract).toContain((sections[2]?.text ?? '').split('. ')[0]);

      const [done] = ofType(events, 'done');
      expect(done).toMatchObject({
        source: 'extractive',
        abstained: false,
        citations: { supported: [1, 2, 3, 4], unsupported: [] },
      });
      expect(done?.message_id).toEqual(expect.any(Number));
      expect(await countDrafts(offline.db, [sessionId])).toBe(1);
    });

    it('exports the latest draft as Markdown, LaTeX and BibTeX', async () => {
      const { user, sessionId, papers } = await buildWritingFixture(offline.db);
      const client = writingClient(offline);
      await client.events(user.token, { session_id: sessionId });

      const markdown = await client.exportDraft(user.token, sessionId, 'markdown');
      expect(markdown.statusCode).toBe(200);
      expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
      expect(markdown.headers['content-disposition']).toBe(`attachment; filename="related-work-${sessionId}.md"`);
      expect(markdown.body).toMatch(/^## Related work\n\n> Extractive draft/);
      expect(markdown.body).toContain('### Other related work');
      expect(markdown.body).toContain(`### ${CLOSING_TITLE}`);
      expect(markdown.body).toMatch(/\[\d\]/);
      expect(markdown.body).toContain(
        `. Ada Lovelace, Alan Turing (2021). Protein language models for enzyme design. arXiv:${papers.design.paperId}. doi:10.1000/design. <https://arxiv.org/abs/${papers.design.paperId}>`,
      );

      const latex = await client.exportDraft(user.token, sessionId, 'latex');
      expect(latex.headers['content-type']).toMatch(/^application\/x-tex/);
      expect(latex.headers['content-disposition']).toBe(`attachment; filename="related-work-${sessionId}.tex"`);
      expect(latex.body).toContain('\\section{Related work}');
      expect(latex.body).toContain('\\subsection{Other related work}');
      expect(latex.body).toContain('\\bibliography{references}');
      expect(latex.body).not.toMatch(/\[\d+\]/);
      // The unlinked paper's sentence, TeX specials escaped.
      expect(latex.body).toContain(
        'Transformers parse 95\\% of sentences into constituency trees with high accuracy \\& speed.',
      );
      const cited = [...latex.body.matchAll(/\\cite\{([^}]+)\}/g)].flatMap((match) => (match[1] ?? '').split(','));
      expect(new Set(cited)).toEqual(
        new Set(['Lovelace2021Protein', 'Hopper2019Directed', 'Noether2020Graph', 'Chomsky2018Parsing']),
      );

      const bibtex = await client.exportDraft(user.token, sessionId, 'bibtex');
      expect(bibtex.headers['content-type']).toMatch(/^application\/x-bibtex/);
      expect(bibtex.headers['content-disposition']).toBe(`attachment; filename="related-work-${sessionId}.bib"`);
      const keys = [...bibtex.body.matchAll(/@\w+\{([^,]+),/g)].map((match) => match[1]);
      expect(new Set(keys)).toEqual(new Set(cited));
      expect(bibtex.body).toContain('Protein language models for enzyme design');
    });

    it('exports the latest of several drafts and keeps the instructions', async () => {
      const { user, sessionId } = await buildWritingFixture(offline.db, { withTarget: false });
      const client = writingClient(offline);
      await client.events(user.token, { session_id: sessionId });
      const second = await client.events(user.token, { session_id: sessionId, instructions: 'Keep it short.' });
      expect(typesOf(second)).toEqual(['outline', 'section', 'section', 'references', 'done', '[DONE]']);
      expect(ofType(second, 'outline')[0]?.closing).toBeNull();
      const markdown = await client.exportDraft(user.token, sessionId, 'markdown');
      expect(markdown.body).not.toContain(CLOSING_TITLE);
      expect(await countDrafts(offline.db, [sessionId])).toBe(2);
    });

    it('answers the latest draft exactly as it was streamed, null before the first', async () => {
      const { user, sessionId } = await buildWritingFixture(offline.db);
      const client = writingClient(offline);
      const before = await client.latestDraft(user.token, sessionId);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ draft: null });

      await client.events(user.token, { session_id: sessionId });
      const events = await client.events(user.token, { session_id: sessionId, instructions: 'Keep it short.' });
      const response = await client.latestDraft(user.token, sessionId);
      expect(response.statusCode).toBe(200);
      const { draft } = response.json();
      const [outline] = ofType(events, 'outline');
      const [done] = ofType(events, 'done');
      expect(draft).toEqual({
        id: done?.message_id,
        source: 'extractive',
        instructions: 'Keep it short.',
        outline: outline?.sections,
        closing: CLOSING_TITLE,
        sections: ofType(events, 'section').map((event) => event.section),
        references: ofType(events, 'references')[0]?.references,
        citations: done?.citations,
        abstained: false,
        created_at: expect.any(String),
      });
      // The wire references carry no stored BibTeX metadata.
      expect(draft.references[0]).not.toHaveProperty('bibliography');
    });

    it('refuses a stranger’s, a chat or a missing session with 404, an empty session with 409, and stores nothing', async () => {
      const { user, sessionId } = await buildWritingFixture(offline.db);
      const client = writingClient(offline);
      const stranger = await buildUser(offline.db);
      for (const id of [sessionId, 999_999]) {
        const response = await client.write(stranger.token, { session_id: id });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: 'NOT_FOUND', message: `Review session ${id} not found` });
      }
      const [chat] = await offline.db
        .insert(chatSessions)
        .values({ userId: user.id, title: 'A chat', kind: 'chat' })
        .returning({ id: chatSessions.id });
      expect((await client.write(user.token, { session_id: chat?.id })).statusCode).toBe(404);
      const empty = await buildReviewSession(offline.db, user.id);
      const refused = await client.write(user.token, { session_id: empty });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/no papers/);
      expect((await client.exportDraft(user.token, sessionId, 'markdown')).statusCode).toBe(404);
      expect((await client.exportDraft(stranger.token, sessionId, 'markdown')).statusCode).toBe(404);
      for (const [token, id] of [
        [stranger.token, sessionId],
        [user.token, chat?.id ?? 0],
        [user.token, 999_999],
      ] as const) {
        const draft = await client.latestDraft(token, id);
        expect(draft.statusCode).toBe(404);
        expect(draft.json()).toMatchObject({ error: 'NOT_FOUND', message: `Review session ${id} not found` });
      }
      expect(await countDrafts(offline.db, [sessionId, empty])).toBe(0);
    });

    it('leaves out papers and a target the caller may no longer read', async () => {
      const { user, papers } = await buildWritingFixture(offline.db);
      const stranger = await buildUser(offline.db);
      const upload = await buildUpload(offline.db, { ownerId: stranger.id, title: 'Someone else’s draft' });
      const sessionId = await buildReviewSession(offline.db, user.id, { target: upload });
      await addReviewFiles(offline.db, sessionId, [papers.parsing, upload]);
      const events = await writingClient(offline).events(user.token, { session_id: sessionId });
      const [outline] = ofType(events, 'outline');
      expect(outline?.sections.flatMap((section) => section.papers.map((paper) => paper.paper_id))).toEqual([
        papers.parsing.paperId,
      ]);
      expect(outline?.closing).toBeNull();
      expect(ofType(events, 'references')[0]?.references.map((ref) => ref.paper_id)).toEqual([papers.parsing.paperId]);
      const onlyUnreadable = await buildReviewSession(offline.db, user.id);
      await addReviewFiles(offline.db, onlyUnreadable, [upload]);
      expect((await writingClient(offline).write(user.token, { session_id: onlyUnreadable })).statusCode).toBe(409);
    });

    it('gives an undated upload (requirements §9 default date) no year in its reference, key or BibTeX', async () => {
      const { user, papers } = await buildWritingFixture(offline.db);
      const upload = await buildUpload(offline.db, { ownerId: user.id, title: 'VESPA' });
      await offline.db
        .update(paperRows)
        .set({ publishedDate: '1900-01-01', authors: [] })
        .where(eq(paperRows.paperId, upload.paperId));
      const sessionId = await buildReviewSession(offline.db, user.id);
      await addReviewFiles(offline.db, sessionId, [papers.parsing, upload]);
      const client = writingClient(offline);
      const events = await client.events(user.token, { session_id: sessionId });
      const vespa = ofType(events, 'references')[0]?.references.find((ref) => ref.paper_id === upload.paperId);
      expect(vespa).toMatchObject({ key: 'VESPA', year: null });
      const bibtex = (await client.exportDraft(user.token, sessionId, 'bibtex')).body;
      expect(bibtex).toContain('{VESPA,');
      expect(bibtex).not.toContain('1900');
      const markdown = (await client.exportDraft(user.token, sessionId, 'markdown')).body;
      expect(markdown).not.toContain('1900');
      expect((await client.latestDraft(user.token, sessionId)).json().draft.references).toContainEqual(
        expect.objectContaining({ key: 'VESPA', year: null }),
      );
    });

    it('quotes whole sentences only: never the tail of a sentence cut off at a page break or a line break', async () => {
      const user = await buildUser(offline.db);
      const paper = await buildPaper(offline.db, {
        title: 'Enzyme design with protein language models',
        abstract: 'We design enzymes.',
      });
      // A page's first passage opens with the end of the previous page's sentence (chunk-passages.ts).
      const fragment = 'enzyme design with protein language models, and enzyme design with protein language models.';
      await buildPassages(offline.db, paper, [
        {
          // PDF text breaks lines mid-sentence: the quoted sentence is shown whole, on one line.
          text: `${fragment} Protein models rank candi-\ndate designs\nby measured activity. Laboratory assays remain costly.`,
          page: 4,
        },
      ]);
      const sessionId = await buildReviewSession(offline.db, user.id);
      await addReviewFiles(offline.db, sessionId, [paper]);
      const events = await writingClient(offline).events(user.token, { session_id: sessionId });
      const [section] = ofType(events, 'section').map((event) => event.section);
      expect(section?.source).toBe('extractive');
      expect(section?.text).not.toContain(fragment);
      expect(section?.text).toContain('Protein models rank candidate designs by measured activity. [1]');
      for (const sentence of sentencesOf(section?.text ?? '')) expect(sentence.text).toMatch(/^[A-Z]/);
      expect(section?.dropped_sentences).toBe(0);
    });

    it('keeps only the latest drafts of a session', async () => {
      const { sessionId } = await buildWritingFixture(offline.db);
      const ids: number[] = [];
      for (let index = 0; index <= DRAFTS_KEPT_PER_SESSION; index++) {
        ids.push(
          await insertDraft(offline.db, {
            sessionId,
            source: 'extractive',
            instructions: null,
            draft: { index },
            citations: { supported: [], unsupported: [] },
          }),
        );
      }
      expect(await countDrafts(offline.db, [sessionId])).toBe(DRAFTS_KEPT_PER_SESSION);
      expect((await selectLatestDraft(offline.db, sessionId))?.id).toBe(ids.at(-1));
    });

    it('refuses bad input with 400', async () => {
      const { user, sessionId } = await buildWritingFixture(offline.db);
      const client = writingClient(offline);
      for (const payload of [{}, { session_id: 'abc' }, { session_id: sessionId, instructions: 'a\u0000b' }]) {
        expect((await client.write(user.token, payload)).statusCode).toBe(400);
      }
      expect((await client.exportDraft(user.token, sessionId, 'docx')).statusCode).toBe(400);
      expect((await client.latestDraft(user.token, 'abc')).statusCode).toBe(400);
      expect(await countDrafts(offline.db, [sessionId])).toBe(0);
    });
  });

  describe('with a model', () => {
    it('lets the model only name and order the groups, drops what the checker cannot verify, and numbers references from metadata', async () => {
      const { user, sessionId, papers } = await buildWritingFixture(model.db);
      const before = fake.chatRequests().length;
      fake.reply(
        {
          text: JSON.stringify({
            sections: [
              { group: 'g2', title: 'Syntactic parsing' },
              { group: 'g1', title: '## Protein language models for enzymes' },
            ],
          }),
        },
        // The unlinked paper's paragraph: nothing verifiable, so the section falls back to its own sentences.
        replyFromPrompt(fake, (passages) =>
          [`Parsing was solved in 1990 [${passages[0]?.n}].`, 'EVIDENCE:', `[${passages[0]?.n}] "solved in 1990"`].join(
            '\n',
          ),
        ),
        replyFromPrompt(fake, mixedParagraph),
        // Closing: a sentence about the target and one about a group paper, both verbatim.
        replyFromPrompt(fake, (passages) => {
          const target = passages[0] as PromptPassage;
          const other = passages.find((passage) => !passage.from.includes('Sparse')) as PromptPassage;
          return [
            `${firstSentence(target.text)} [${target.n}] ${firstSentence(other.text)} [${other.n}]`,
            'EVIDENCE:',
            `[${target.n}] "${firstSentence(target.text)}"`,
            `[${other.n}] "${firstSentence(other.text)}"`,
          ].join('\n');
        }),
      );
      const events = await writingClient(model).events(user.token, {
        session_id: sessionId,
        instructions: 'Formal tone.',
      });
      expect(typesOf(events)).toEqual(['outline', 'section', 'section', 'section', 'references', 'done', '[DONE]']);
      const requests = fake.chatRequests().slice(before);
      expect(requests).toHaveLength(4);
      expect(JSON.stringify(requests[0]?.body)).toContain('compares with');
      expect(JSON.stringify(requests[2]?.body)).toContain('extends');
      expect(JSON.stringify(requests[2]?.body)).toContain('Formal tone.');

      const [outline] = ofType(events, 'outline');
      expect(outline?.sections.map((section) => [section.id, section.title])).toEqual([
        ['g2', 'Syntactic parsing'],
        ['g1', 'Protein language models for enzymes'],
      ]);
      expect(outline?.sections[1]?.papers).toHaveLength(3);

      const sections = ofType(events, 'section').map((event) => event.section);
      const refs = ofType(events, 'references')[0]?.references ?? [];
      expect(sections[0]).toMatchObject({ id: 'g2', source: 'extractive', dropped_sentences: 1 });
      expect(sections[0]?.text).toContain('Transformers parse 95% of sentences');
      expect(sections[1]).toMatchObject({ id: 'g1', source: 'model', dropped_sentences: 2 });
      const all = sections.map((section) => section.text).join('\n');
      expect(all).not.toContain('ImageNet');
      expect(all).not.toContain('FooBar');
      expect(all).not.toContain('1990');
      // Every [n] is a reference of the session, and references are the session's papers only.
      const numbers = new Set(refs.map((ref) => ref.n));
      for (const n of markers(all)) expect(numbers.has(n)).toBe(true);
      expect(refs.map((ref) => ref.title).sort()).toEqual(
        [papers.design, papers.evolution, papers.activity, papers.parsing].map((paper) => paper.title).sort(),
      );
      // Numbered in order of first citation: the unlinked paper's section comes first.
      expect(refs[0]?.paper_id).toBe(papers.parsing.paperId);
      // The closing keeps both sentences; only the group paper's is numbered.
      expect(sections[2]?.source).toBe('model');
      expect(sentencesOf(sections[2]?.text ?? '')).toHaveLength(1);
      expect(sections[2]?.text).toContain('We design enzymes with sparse protein language models');

      const [done] = ofType(events, 'done');
      expect(done?.source).toBe('model');
      expect(done?.citations.supported).toEqual(refs.filter((ref) => ref.cited).map((ref) => ref.n));
      expect(await countDrafts(model.db, [sessionId])).toBe(1);

      const markdown = await writingClient(model).exportDraft(user.token, sessionId, 'markdown');
      expect(markdown.body).not.toContain('> Extractive draft');
      expect(markdown.body).toContain("_Extractive: no sentence of the model's paragraph could be verified");
    });

    it('repairs an invalid outline once, then falls back to the offline outline', async () => {
      const { user, sessionId } = await buildWritingFixture(model.db, { withTarget: false });
      const before = fake.chatRequests().length;
      const paragraph = replyFromPrompt(fake, (passages) =>
        [
          `${firstSentence(passages[0]?.text ?? '')} [1]`,
          'EVIDENCE:',
          `[1] "${firstSentence(passages[0]?.text ?? '')}"`,
        ].join('\n'),
      );
      fake.reply(
        { text: 'Here are my titles: Parsing, Proteins.' },
        {
          text: JSON.stringify({
            sections: [
              { group: 'g1', title: 'Proteins' },
              { group: 'g3', title: 'Invented' },
            ],
          }),
        },
        paragraph,
        replyFromPrompt(fake, (passages) =>
          [
            `${firstSentence(passages[0]?.text ?? '')} [1]`,
            'EVIDENCE:',
            `[1] "${firstSentence(passages[0]?.text ?? '')}"`,
          ].join('\n'),
        ),
      );
      const events = await writingClient(model).events(user.token, { session_id: sessionId });
      expect(typesOf(events).slice(-2)).toEqual(['done', '[DONE]']);
      const requests = fake.chatRequests().slice(before);
      expect(JSON.stringify(requests[1]?.body)).toContain('Your reply was not valid');
      const [outline] = ofType(events, 'outline');
      expect(outline?.sections.map((section) => section.id)).toEqual(['g1', 'g2']);
      expect(outline?.sections[1]?.title).toBe('Other related work');
      expect(ofType(events, 'section').map((event) => event.section.source)).toEqual(['model', 'model']);
    });

    it('uses the outline the model gives after its one repair turn', async () => {
      const { user, sessionId } = await buildWritingFixture(model.db, { withTarget: false });
      const cite = replyFromPrompt(fake, (passages) =>
        [
          `${firstSentence(passages[0]?.text ?? '')} [1]`,
          'EVIDENCE:',
          `[1] "${firstSentence(passages[0]?.text ?? '')}"`,
        ].join('\n'),
      );
      const citeAgain = replyFromPrompt(fake, (passages) =>
        [
          `${firstSentence(passages[0]?.text ?? '')} [1]`,
          'EVIDENCE:',
          `[1] "${firstSentence(passages[0]?.text ?? '')}"`,
        ].join('\n'),
      );
      fake.reply(
        { text: JSON.stringify({ sections: [{ group: 'g2', title: 'Parsing' }] }) },
        {
          text: JSON.stringify({
            sections: [
              { group: 'g2', title: 'Parsing' },
              { group: 'g1', title: 'Proteins' },
            ],
          }),
        },
        cite,
        citeAgain,
      );
      const events = await writingClient(model).events(user.token, { session_id: sessionId });
      expect(ofType(events, 'outline')[0]?.sections.map((section) => section.title)).toEqual(['Parsing', 'Proteins']);
      expect(typesOf(events).slice(-2)).toEqual(['done', '[DONE]']);
    });

    it('ends with an error event and stores nothing when the model fails mid-section', async () => {
      const { user, sessionId } = await buildWritingFixture(model.db);
      fake.reply(
        {
          text: JSON.stringify({
            sections: [
              { group: 'g1', title: 'Proteins' },
              { group: 'g2', title: 'Parsing' },
            ],
          }),
        },
        { text: 'Protein language models', ending: 'fail' },
      );
      const events = await writingClient(model).events(user.token, { session_id: sessionId });
      expect(typesOf(events)).toEqual(['outline', 'error', '[DONE]']);
      expect(ofType(events, 'error')[0]).toMatchObject({ error: 'BAD_GATEWAY' });
      expect(await countDrafts(model.db, [sessionId])).toBe(0);
    });

    it('stops the model and stores nothing when the client disconnects', async () => {
      const { user, sessionId } = await buildWritingFixture(model.db);
      await model.app.listen({ port: 0, host: '127.0.0.1' });
      fake.reply(
        {
          text: JSON.stringify({
            sections: [
              { group: 'g1', title: 'Proteins' },
              { group: 'g2', title: 'Parsing' },
            ],
          }),
        },
        { chunks: ['Protein '], ending: 'hang' },
      );
      const before = fake.chatRequests().length;
      const request = httpRequest({
        port: (model.app.server.address() as AddressInfo).port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/review/stream_rws',
        headers: { 'content-type': 'application/json', 'x-user-id': user.token },
      });
      request.end(JSON.stringify({ session_id: sessionId }));
      const [response] = (await once(request, 'response')) as [IncomingMessage];
      // Read on without breaking out of the body: leaving a for-await loop destroys the response,
      // and the server could see the client leave before it asks the model for the first section.
      await new Promise<void>((resolve) => {
        let received = '';
        response.on('data', (chunk) => {
          received += String(chunk);
          if (received.includes('"type":"outline"')) resolve();
        });
      });
      while (fake.chatRequests().length < before + 2) await new Promise((resolve) => setImmediate(resolve));
      request.destroy();
      const upstream = fake.chatRequests()[before + 1];
      await upstream?.closed;
      expect(upstream?.clientLeft).toBe(true);
      expect(await countDrafts(model.db, [sessionId])).toBe(0);
    });
  });
});
