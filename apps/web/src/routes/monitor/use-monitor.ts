import { useEffect, useMemo, useRef } from 'react';
import { useMarkTopicSeenMutation, useMonitorQuery } from '../../features/feed/api';
import { rememberNewness, type TVisitNewness, withVisitNewness } from './monitor-visit';

/**
 * GET /api/monitor, read afresh on every visit. Once the counts are on screen, each topic with new
 * papers is marked seen (up to the answer's checked_at, so papers arriving meanwhile stay new);
 * the visit keeps showing what it saw.
 */
export function useMonitor() {
  const query = useMonitorQuery();
  const { mutate: markSeen } = useMarkTopicSeenMutation();
  const memory = useRef<TVisitNewness>(new Map());
  const data = query.data;
  const toMark = useMemo(() => (data ? rememberNewness(memory.current, data.topics) : []), [data]);
  useEffect(() => {
    if (!data) return;
    for (const topic of toMark) markSeen({ topic, seenAt: data.checked_at });
  }, [data, toMark, markSeen]);
  const topics = useMemo(() => (data ? withVisitNewness(data.topics, memory.current) : undefined), [data]);
  return { ...query, topics };
}
