import type { TDailyFeedResponse } from '@paperbench/contract';
import { Link } from 'react-router';
import { feedDayPath, formatFeedDay } from './feed-day';

/**
 * docs/ingest.md#freshness: when the caller's topics matched nothing on a day, the feed says so: the
 * day it skipped to open on the latest day they match, or the day asked for, with the way to the
 * latest day they do match. Nothing for a caller without topics, or on a day they match.
 */
export function TopicDayNotice({ feed }: { feed: TDailyFeedResponse }) {
  const { day, skipped_day: skippedDay, latest_topic_day: latestTopicDay } = feed;
  if (!day) return null;
  if (skippedDay) {
    return (
      <p className="notice topic-day-notice" role="status">
        Nothing matched your topics on {formatFeedDay(skippedDay)}; showing {formatFeedDay(day)}, the latest day with
        matches. <Link to={feedDayPath(skippedDay)}>Show {formatFeedDay(skippedDay)} anyway</Link>
      </p>
    );
  }
  if (feed.topics_matched !== false) return null;
  return (
    <p className="notice topic-day-notice" role="status">
      Nothing matched your topics on {formatFeedDay(day)}.{' '}
      {latestTopicDay ? (
        <Link to={feedDayPath(latestTopicDay)}>Go to {formatFeedDay(latestTopicDay)}, the latest day with matches</Link>
      ) : (
        'They match no paper in the corpus yet.'
      )}
    </p>
  );
}
