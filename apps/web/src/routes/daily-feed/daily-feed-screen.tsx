import type { TDailyFeedResponse } from '@paperbench/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { CorpusStatus } from '../../features/corpus/corpus-status';
import { useDailyFeedQuery } from '../../features/feed/api';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { useFollowTopicMutation } from '../../features/topics/api';
import { DiscoveryLinks } from '../../features/topics/discovery-links';
import { DayNav } from './day-nav';
import { readDayParam } from './feed-day';
import { FeedGroup } from './feed-group';
import { describeDay } from './feed-groups';
import { FollowShortcut } from './follow-shortcut';
import { TopicDayNotice } from './topic-day-notice';
import './daily-feed.css';

/** Daily Feed (/daily-feed?day=): one announcement day, grouped by followed topic, library, the rest. */
export default function DailyFeedScreen({ title }: TScreenProps) {
  const [searchParams] = useSearchParams();
  const day = readDayParam(searchParams.get('day'));
  const requestedDay = day === 'invalid' ? null : day;
  const feed = useDailyFeedQuery(requestedDay, { enabled: day !== 'invalid' });
  // A failure is logged by the query client (requirements §8) and shown until the next follow.
  const follow = useFollowTopicMutation();

  return (
    <div className="screen daily-feed-screen">
      <header className="topic-screen-header">
        <div>
          <h1>{title}</h1>
          <p className="lead">
            One announcement day at a time, ranked for you by the topics you follow and the papers you keep.
          </p>
        </div>
        <DiscoveryLinks current="/daily-feed" />
      </header>
      <CorpusStatus />
      <FollowShortcut />
      {follow.error && (
        <p className="notice notice-error" role="alert">
          {parseApiError(follow.error).message}
        </p>
      )}
      {day === 'invalid' ? (
        <div className="error-state" role="alert">
          <h2>“{searchParams.get('day')}” is not a day</h2>
          <p>
            Days are written YYYY-MM-DD, e.g. 2019-12-31. <Link to="/daily-feed">Go to the latest day</Link>
          </p>
        </div>
      ) : (
        <FeedBody feed={feed} onFollow={(topic) => follow.mutate(topic)} />
      )}
    </div>
  );
}

function FeedBody({ feed, onFollow }: { feed: UseQueryResult<TDailyFeedResponse>; onFollow: (topic: string) => void }) {
  if (feed.isPending) return <PaperListSkeleton count={3} />;
  if (feed.error) {
    return (
      <div className="error-state" role="alert">
        <h2>The feed could not be loaded</h2>
        <p>{parseApiError(feed.error).message}</p>
      </div>
    );
  }
  const data = feed.data;
  if (!data?.day) {
    return (
      <div className="empty-state">
        <h2>No papers yet</h2>
        <p>The corpus has no dated papers. Import or harvest some and they appear here by day.</p>
      </div>
    );
  }
  return (
    <div className="feed-day" aria-busy={feed.isPlaceholderData}>
      <TopicDayNotice feed={data} />
      <DayNav feed={data} summary={describeDay(data.total, data.groups)} />
      {data.groups.length === 0 ? (
        <div className="empty-state">
          <h2>Nothing was announced this day</h2>
          <p>Weekends and holidays have no announcements. Step to the previous or next day above.</p>
        </div>
      ) : (
        <div className="feed-groups">
          {data.groups.map((group) => (
            <FeedGroup key={`${group.kind}:${group.topic ?? ''}`} group={group} onFollow={onFollow} />
          ))}
        </div>
      )}
    </div>
  );
}
