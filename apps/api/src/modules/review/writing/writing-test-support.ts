import { randomBytes } from 'node:crypto';
import type { STREAM_DONE, TStreamEvent } from '@paperbench/contract';
import type { Db } from '../../../db/client';
import { chatSessions, reviewEdges, reviewFiles } from '../../../db/schema';
import { buildPaper, buildPassages, buildUser } from '../../../test-support/factories';
import type { FakeLlmServer, FakeReply } from '../../../test-support/fake-llm-server';
import type { TestApp } from '../../../test-support/test-app';
import { parseEventStream } from '../../chat/chat-test-support';

type Ref = { platform?: string; paperId: string };

/** A review session inserted as a row (chat_sessions kind 'review'), with an optional target paper. */
export async function buildReviewSession(db: Db, userId: number, { target }: { target?: Ref } = {}) {
  const [row] = await db
    .insert(chatSessions)
    .values({
      userId,
      title: 'Related work',
      kind: 'review',
      graphStatus: 'draft',
      targetPlatform: target ? (target.platform ?? 'arxiv') : null,
      targetPaperId: target?.paperId ?? null,
    })
    .returning({ id: chatSessions.id });
  if (!row) throw new Error('no session row');
  return row.id;
}

export async function addReviewFiles(db: Db, sessionId: number, papers: readonly Ref[]) {
  for (const paper of papers) {
    await db.insert(reviewFiles).values({ sessionId, platform: paper.platform ?? 'arxiv', paperId: paper.paperId });
  }
}

export async function addReviewEdge(
  db: Db,
  sessionId: number,
  source: Ref,
  target: Ref,
  label: string,
  state: 'accepted' | 'proposed' | 'dismissed' = 'accepted',
) {
  await db.insert(reviewEdges).values({
    sessionId,
    sourcePlatform: source.platform ?? 'arxiv',
    sourcePaperId: source.paperId,
    targetPlatform: target.platform ?? 'arxiv',
    targetPaperId: target.paperId,
    label,
    state,
  });
}

/** Three linked papers (design ← evolution "extends", design ← activity "compares with") and one unlinked. */
export const PAPERS = {
  design: {
    paperId: '2001.00001',
    title: 'Protein language models for enzyme design',
    authors: ['Ada Lovelace', 'Alan Turing'],
    abstract: 'We fine-tune protein language models to design enzymes.',
    publishedDate: '2021-03-01',
    doi: '10.1000/design',
  },
  evolution: {
    paperId: '2001.00002',
    title: 'Directed evolution guided by protein language models',
    authors: ['Grace Hopper'],
    abstract: 'Protein language models propose enzyme variants for directed evolution.',
    publishedDate: '2019-07-01',
  },
  activity: {
    paperId: '2001.00003',
    title: 'Graph networks predict enzyme activity',
    authors: ['Emmy Noether'],
    abstract: 'Graph neural networks predict enzyme activity from protein structure graphs of atoms and bonds.',
    publishedDate: '2020-02-02',
  },
  parsing: {
    paperId: '2001.00004',
    title: 'Parsing with transformers',
    authors: ['Noam Chomsky'],
    abstract:
      'Transformers parse 95% of sentences into constituency trees with high accuracy & speed. The parser_v2 model reads {bracketed} trees.',
    publishedDate: '2018-01-06',
  },
  target: {
    paperId: '2001.00009',
    title: 'Sparse protein language models for enzyme design',
    authors: ['Rosalind Franklin'],
    abstract:
      'We design enzymes with sparse protein language models that need ten times less compute. Sparse protein language models match dense models on enzyme activity prediction.',
    publishedDate: '2023-05-05',
  },
} as const;

export const PASSAGES = {
  design: [
    {
      text: 'We fine-tune protein language models to design enzymes with higher catalytic activity. The designed enzymes were validated in the laboratory with 12 active variants.',
      page: 2,
    },
    {
      text: 'Protein language models learn the grammar of protein sequences from millions of natural proteins.',
      page: 3,
    },
    // A heading run into the text, as PDF extraction leaves it: never quoted (docs/review.md#attribution).
    { text: '4 Related Work Protein language models design enzymes and evolve enzyme variants.', page: 4 },
  ],
  evolution: [
    {
      text: 'Protein language models propose enzyme variants for directed evolution. Active learning selects which enzyme variants to test next.',
      page: 1,
    },
  ],
} as const;

/**
 * A user with a review session of four papers: three linked (two accepted edges), one unlinked, passages
 * for two of them (the others are abstract only), a proposed edge that must not shape the outline, and
 * a target paper that is not a node. Paper ids get a suffix of their own, so one app can hold many fixtures.
 */
export async function buildWritingFixture(db: Db, { withTarget = true }: { withTarget?: boolean } = {}) {
  const user = await buildUser(db);
  const suffix = randomBytes(3).toString('hex');
  const papers = Object.fromEntries(
    Object.entries(PAPERS).map(([name, paper]) => [name, { ...paper, paperId: `${paper.paperId}${suffix}` }]),
  ) as { [K in keyof typeof PAPERS]: (typeof PAPERS)[K] & { paperId: string } };
  for (const paper of Object.values(papers)) {
    await buildPaper(db, { ...paper, authors: [...paper.authors], categories: ['q-bio.BM'] });
  }
  await buildPassages(db, papers.design, PASSAGES.design);
  await buildPassages(db, papers.evolution, PASSAGES.evolution);
  const sessionId = await buildReviewSession(db, user.id, withTarget ? { target: papers.target } : {});
  await addReviewFiles(db, sessionId, [papers.design, papers.evolution, papers.activity, papers.parsing]);
  await addReviewEdge(db, sessionId, papers.evolution, papers.design, 'extends');
  await addReviewEdge(db, sessionId, papers.activity, papers.design, 'compares with');
  await addReviewEdge(db, sessionId, papers.parsing, papers.activity, '', 'proposed');
  return { user, sessionId, papers };
}

export type Event = TStreamEvent | typeof STREAM_DONE;

export const ofType = <T extends TStreamEvent['type']>(events: readonly Event[], type: T) =>
  events.filter(
    (event): event is Extract<TStreamEvent, { type: T }> => typeof event !== 'string' && event.type === type,
  );

export function writingClient(t: TestApp) {
  return {
    write: (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/review/stream_rws', payload, headers: { 'x-user-id': token } }),
    events: async (token: string, payload: object) =>
      parseEventStream(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/review/stream_rws',
            payload,
            headers: { 'x-user-id': token },
          })
        ).body,
      ),
    latestDraft: (token: string, sessionId: number | string) =>
      t.app.inject({ url: `/api/review/draft?session_id=${sessionId}`, headers: { 'x-user-id': token } }),
    exportDraft: (token: string, sessionId: number | string, format: string) =>
      t.app.inject({
        url: `/api/review/export?session_id=${sessionId}&format=${format}`,
        headers: { 'x-user-id': token },
      }),
  };
}

/** A passage as a grounded prompt lists it (ai/grounding/grounded-prompt.ts): `[n] (where from)` and its text. */
export type PromptPassage = { n: number; from: string; text: string };

export function promptPassages(system: string): PromptPassage[] {
  return [...system.matchAll(/^\[(\d+)\] \((.+)\)\n(.+)$/gm)].map((match) => ({
    n: Number(match[1]),
    from: match[2] ?? '',
    text: match[3] ?? '',
  }));
}

/**
 * A scripted model reply written from the request it answers: the fake server awaits `gate` after it
 * recorded the request, so the reply's text can be made from the prompt's numbered passages.
 */
export function replyFromPrompt(fake: FakeLlmServer, write: (passages: PromptPassage[], system: string) => string) {
  const reply: FakeReply = {};
  const gate = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable the fake server awaits, run once the request is recorded
    then(resolve: (value: unknown) => void) {
      const request = fake.chatRequests().at(-1);
      const system: string =
        request?.body?.messages?.find((message: { role: string }) => message.role === 'system')?.content ?? '';
      reply.text = write(promptPassages(system), system);
      resolve(undefined);
    },
  };
  reply.gate = gate as unknown as Promise<unknown>;
  return reply;
}

/** The first sentence of a passage, which the checker verifies when cited with itself as the quote. */
export const firstSentence = (text: string) => `${text.split(/(?<=\.)\s/)[0]}`;
