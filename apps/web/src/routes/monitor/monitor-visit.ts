import { paperRefKey, type TMonitorTopic } from '@paperbench/contract';

/** What one visit to the monitor saw as new, per topic (lower-cased), before it marked the topics seen. */
export type TVisitNewness = Map<string, { count: number; paperKeys: Set<string> }>;

/** Remembers the new papers of topics this visit had not seen yet; returns the topics to mark seen. */
export function rememberNewness(memory: TVisitNewness, topics: readonly TMonitorTopic[]): string[] {
  const toMark: string[] = [];
  for (const topic of topics) {
    if (topic.new_count === 0) continue;
    const key = topic.topic.toLowerCase();
    const known = memory.get(key);
    const paperKeys = new Set([...(known?.paperKeys ?? []), ...topic.papers.filter((p) => p.is_new).map(paperRefKey)]);
    memory.set(key, { count: Math.max(known?.count ?? 0, topic.new_count), paperKeys });
    toMark.push(topic.topic);
  }
  return toMark;
}

/**
 * The topics as this visit shows them: once marked seen, the server reports 0 new, but the badges
 * and "New" marks the user saw stay until the next visit.
 */
export function withVisitNewness(topics: readonly TMonitorTopic[], memory: TVisitNewness): TMonitorTopic[] {
  return topics.map((topic) => {
    const seen = memory.get(topic.topic.toLowerCase());
    if (!seen) return topic;
    return {
      ...topic,
      new_count: Math.max(seen.count, topic.new_count),
      papers: topic.papers.map((paper) => ({
        ...paper,
        is_new: paper.is_new || seen.paperKeys.has(paperRefKey(paper)),
      })),
    };
  });
}
