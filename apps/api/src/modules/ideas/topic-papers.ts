import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import type { TermStats } from '../recommendations/term-stats';
import { search } from '../search/search.service';
import { textVector } from './corpus-vectors';
import { selectPapersByTermWeight } from './ideas-corpus.repo';

/** The topic's papers the AI Scientist reads (docs/ideas.md#the-basis-papers): enough for a neighbourhood. */
export const TOPIC_PAPERS = 30;

type Logger = { warn: (details: object, message: string) => void };

/**
 * The topic's papers, best first: its search hits (the search box's own ranking, every word of the
 * topic matched), then, while fewer than `limit`, the papers holding the most of its words weighted by
 * their rarity (a long topic such as "graph neural networks for molecular property prediction" has few
 * papers with every word, and its one selective word, "molecular", alone finds molecular dynamics).
 * Not recorded as a popular query: a program built it, the user did not type it.
 */
export async function topicPapers(
  db: Db,
  stats: TermStats,
  topic: string,
  log: Logger,
  limit = TOPIC_PAPERS,
): Promise<TPaperRef[]> {
  const hits = await search(
    db,
    { query: topic, limit, offset: 0, sort: 'relevance', include_summary: false, summary_type: 'brief' },
    log,
    { record: false },
  );
  const found = new Map<string, TPaperRef>();
  for (const paper of hits.results)
    found.set(paperRefKey(paper), { platform: paper.platform, paper_id: paper.paper_id });
  if (found.size < limit) {
    const vector = await textVector(db, stats, topic, '');
    const terms = [...vector].map(([term, weight]) => ({ term, weight }));
    for (const ref of await selectPapersByTermWeight(db, terms, limit + found.size)) {
      if (found.size < limit) found.set(paperRefKey(ref), ref);
    }
  }
  return [...found.values()];
}
