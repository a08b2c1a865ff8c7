import { paperRefKey, type TMonitorTopic } from '@paperbench/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PaperCard } from '../../features/paper-card/paper-card';
import { AnnotatedPaper } from '../../features/topics/annotated-paper';
import { searchPath } from '../../lib/app-paths';

/** Papers shown before "Show more": enough to see what the topic brings without a wall of abstracts. */
const FIRST_PAPERS = 2;

const SEEN_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function describeNewCount(count: number, lastSeenAt: string): string {
  const since = SEEN_FORMAT.format(new Date(lastSeenAt));
  if (count === 0) return `Nothing new since ${since}`;
  return `${count.toLocaleString('en-US')} new ${count === 1 ? 'paper' : 'papers'} since ${since}`;
}

/** One followed topic on the Paper Monitor: its new count, its new and latest papers, unfollow. */
export function TopicCard({ topic, onUnfollow }: { topic: TMonitorTopic; onUnfollow: (topic: string) => void }) {
  const titleId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const shown = isExpanded ? topic.papers : topic.papers.slice(0, FIRST_PAPERS);
  const hidden = topic.papers.length - shown.length;
  return (
    <section className="topic-card" aria-labelledby={titleId}>
      <header className="topic-card-header">
        <div className="topic-card-heading">
          <h2 id={titleId} className="topic-card-title">
            {topic.topic}
            {topic.new_count > 0 && (
              <span className="badge topic-card-badge">{topic.new_count > 99 ? '99+' : topic.new_count} new</span>
            )}
          </h2>
          <p className="topic-card-meta">{describeNewCount(topic.new_count, topic.last_seen_at)}</p>
        </div>
        <div className="topic-card-actions">
          <Link className="button button-small" to={searchPath(topic.topic)}>
            Search
          </Link>
          <button
            type="button"
            className="button button-small"
            aria-label={`Unfollow ${topic.topic}`}
            onClick={() => onUnfollow(topic.topic)}
          >
            Unfollow
          </button>
        </div>
      </header>
      {topic.papers.length === 0 ? (
        <p className="topic-card-empty">
          No papers match this topic yet. When a harvest or an import adds some, they appear here as new.
        </p>
      ) : (
        <div className="paper-list">
          {shown.map((paper) =>
            paper.is_new ? (
              <AnnotatedPaper key={paperRefKey(paper)} paper={paper} note="New" isHighlighted />
            ) : (
              <PaperCard key={paperRefKey(paper)} paper={paper} />
            ),
          )}
        </div>
      )}
      {(hidden > 0 || isExpanded) && topic.papers.length > FIRST_PAPERS && (
        <button type="button" className="link-button topic-card-more" onClick={() => setIsExpanded(!isExpanded)}>
          {isExpanded ? 'Show fewer' : `Show ${hidden} more`}
        </button>
      )}
    </section>
  );
}
