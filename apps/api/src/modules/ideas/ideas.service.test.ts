import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TermStats } from '../recommendations/term-stats';
import { basisPapers, selectedRefs } from './idea-basis';
import type { BasisPaper } from './idea-drafts';
import * as repo from './ideas.repo';
import { type IdeasContext, prepareGeneration as prepare, USER_IDEA_QUOTA } from './ideas.service';
import { topicPapers } from './topic-papers';

/**
 * docs/testing.md#service-tests: the AI Scientist's budget rules (docs/ideas.md#budgets-and-quotas) with the
 * repositories stubbed, no database: the saved-ideas quota is checked before anything is read or a stream
 * starts, and a topic with no matching paper is refused with a way forward. ideas.test.ts keeps the
 * requests through HTTP, the streamed saving under the lock, and the SQL.
 */
vi.mock('./ideas.repo', () => ({
  countIdeas: vi.fn(),
  deleteIdea: vi.fn(),
  findIdea: vi.fn(),
  insertIdea: vi.fn(),
  lockIdeaQuota: vi.fn(),
  selectIdeas: vi.fn(),
  updateIdeaPlan: vi.fn(),
}));
vi.mock('./idea-basis', () => ({
  BASIS_TEXT_CHARS: 1_500,
  TOPIC_BASIS: 5,
  basisPapers: vi.fn(),
  selectedRefs: vi.fn(),
}));
vi.mock('./topic-papers', () => ({ topicPapers: vi.fn() }));

const USER = 7;
const stats = { documents: 100 } as unknown as TermStats;
const context = {
  db: {} as Db,
  ai: {},
  termStats: async () => stats,
  calibration: async () => null,
} as unknown as IdeasContext;
const request = { topic: 'graph neural networks for molecules', count: 3, paper_ids: [] } as never;
const specter = { platform: 'arxiv', paper_id: '2004.07180' };
const gtpn = { platform: 'arxiv', paper_id: '1812.09441' };
const log = { warn: () => undefined };
const prepareGeneration = (...args: [IdeasContext, number, Parameters<typeof prepare>[2]]) => prepare(...args, log);
const basis = [
  { n: 1, ...specter, title: 'SPECTER', text: 'Citation-informed transformers' },
] as unknown as BasisPaper[];

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(repo.countIdeas).mockResolvedValue(0);
  vi.mocked(selectedRefs).mockResolvedValue([]);
  vi.mocked(topicPapers).mockResolvedValue([specter]);
  vi.mocked(basisPapers).mockResolvedValue(basis);
});

describe('prepareGeneration: the saved-ideas quota', () => {
  it(`refuses a user who holds ${USER_IDEA_QUOTA} ideas with 409, naming the quota, before reading any paper`, async () => {
    vi.mocked(repo.countIdeas).mockResolvedValue(USER_IDEA_QUOTA);
    const refusal = await prepareGeneration(context, USER, request).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 409, details: { quota: USER_IDEA_QUOTA } });
    expect((refusal as AppError).message).toMatch(/delete some before generating more/);
    expect(selectedRefs).not.toHaveBeenCalled();
    expect(basisPapers).not.toHaveBeenCalled();
  });

  it('lets a user one idea below the quota generate', async () => {
    vi.mocked(repo.countIdeas).mockResolvedValue(USER_IDEA_QUOTA - 1);
    await expect(prepareGeneration(context, USER, request)).resolves.toMatchObject({ userId: USER, count: 3 });
  });
});

describe('prepareGeneration: the basis', () => {
  it("builds on the caller's selected papers, then the topic's best papers", async () => {
    vi.mocked(selectedRefs).mockResolvedValue([gtpn]);
    const prepared = await prepareGeneration(context, USER, request);
    expect(prepared.basisOrigin).toBe('selected');
    expect(basisPapers).toHaveBeenCalledWith(context.db, stats, [gtpn, specter]);
    expect(prepared.topicPapers).toEqual([specter]);
  });

  it("builds on the topic's best papers when none is selected", async () => {
    const prepared = await prepareGeneration(context, USER, request);
    expect(prepared.basisOrigin).toBe('nearest');
    expect(basisPapers).toHaveBeenCalledWith(context.db, stats, [specter]);
  });

  it('refuses a topic that matches no paper, with nothing selected, with 400 and a way forward', async () => {
    vi.mocked(topicPapers).mockResolvedValue([]);
    vi.mocked(basisPapers).mockResolvedValue([]);
    const refusal = await prepareGeneration(context, USER, request).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ statusCode: 400 });
    expect((refusal as AppError).message).toMatch(
      /select papers in your File List, or describe the topic with other words/,
    );
  });
});
