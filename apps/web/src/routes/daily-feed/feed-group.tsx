import { paperRefKey, type TFeedGroup, type TFeedPaper } from '@paperbench/contract';
import { useId } from 'react';
import { AnnotatedPaper } from '../../features/topics/annotated-paper';
import { describeGroup } from './feed-groups';

function GroupHeading({ group }: { group: TFeedGroup }) {
  if (group.kind === 'topic') return <>“{group.label}”</>;
  return <>{group.label}</>;
}

/** The reason line; papers that match nothing offer to follow their category instead. */
function Reason({ paper, onFollow }: { paper: TFeedPaper; onFollow?: ((topic: string) => void) | undefined }) {
  const category = paper.categories[0];
  if (!onFollow || !category) return <>{paper.reason}</>;
  return (
    <>
      {paper.reason}
      <span aria-hidden="true">·</span>
      <button type="button" className="link-button feed-follow-category" onClick={() => onFollow(category)}>
        Follow {category}
      </button>
    </>
  );
}

/** One group of the day: a followed topic, the library, or the rest. */
export function FeedGroup({ group, onFollow }: { group: TFeedGroup; onFollow: (topic: string) => void }) {
  const titleId = useId();
  return (
    <section className={`feed-group feed-group-${group.kind}`} aria-labelledby={titleId}>
      <header className="feed-group-header">
        <h3 id={titleId} className="feed-group-title">
          {group.kind === 'topic' && <span className="topic-chip">Following</span>}
          <GroupHeading group={group} />
        </h3>
        <p className="feed-group-count">{describeGroup(group)}</p>
      </header>
      <div className="paper-list">
        {group.papers.map((paper) => (
          <AnnotatedPaper
            key={paperRefKey(paper)}
            paper={paper}
            isHighlighted={group.kind !== 'other'}
            note={<Reason paper={paper} onFollow={group.kind === 'other' ? onFollow : undefined} />}
          />
        ))}
      </div>
    </section>
  );
}
