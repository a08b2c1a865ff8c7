import type { TDailyFeedResponse } from '@paperbench/contract';
import { Link } from 'react-router';
import { feedDayPath, formatFeedDay, formatShortDay } from './feed-day';

/** ‹ previous · the day · next ›: links, so the browser's back button walks the days too. */
export function DayNav({ feed, summary }: { feed: TDailyFeedResponse; summary: string }) {
  return (
    <nav className="day-nav" aria-label="Days">
      {feed.previous_day ? (
        <Link className="button day-nav-step" to={feedDayPath(feed.previous_day)} rel="prev">
          <span aria-hidden="true">‹</span> <span className="visually-hidden">Previous day, </span>
          {formatShortDay(feed.previous_day)}
        </Link>
      ) : (
        <span className="day-nav-step day-nav-edge">First day</span>
      )}
      <div className="day-nav-current">
        {feed.day && (
          <h2 className="day-nav-date">
            <time dateTime={feed.day}>{formatFeedDay(feed.day)}</time>
          </h2>
        )}
        <p className="day-nav-summary">{summary}</p>
      </div>
      {feed.next_day ? (
        <Link className="button day-nav-step" to={feedDayPath(feed.next_day)} rel="next">
          <span className="visually-hidden">Next day, </span>
          {formatShortDay(feed.next_day)} <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className="day-nav-step day-nav-edge">Latest day</span>
      )}
    </nav>
  );
}
