import { z } from 'zod';
import { ZTimestamp, zText } from './common';
import { ZPaper } from './paper.schemas';
import { ZTopic } from './topic.schemas';

/** Most papers the monitor shows per topic: the new ones first, then the latest by published date. */
export const MONITOR_PAPERS_PER_TOPIC = 5;
/** Most papers one day of the feed returns (arXiv announces up to a few thousand a day); `total` counts all. */
export const FEED_MAX_PAPERS = 200;

/** A paper on the Paper Monitor. */
export const ZMonitorPaper = ZPaper.extend({
  /** Added to the corpus (harvest, import) after the user last looked at this topic. */
  is_new: z.boolean(),
});
export type TMonitorPaper = z.infer<typeof ZMonitorPaper>;

export const ZMonitorTopic = z.object({
  topic: zText(),
  /** How many matching papers were added to the corpus since last_seen_at (all of them, not only those listed). */
  new_count: z.number().int().min(0),
  /** When the user last looked at this topic (its follow time until then). */
  last_seen_at: ZTimestamp,
  /** The new matching papers first, then the latest matching ones, newest published first. */
  papers: z.array(ZMonitorPaper),
});
export type TMonitorTopic = z.infer<typeof ZMonitorTopic>;

/** GET /api/monitor: every followed topic, in the order they were followed. */
export const ZMonitorResponse = z.object({
  topics: z.array(ZMonitorTopic),
  /** Server time of this answer: pass it back as seen_at so papers that arrive meanwhile stay new. */
  checked_at: ZTimestamp,
});
export type TMonitorResponse = z.infer<typeof ZMonitorResponse>;

export const ZMarkTopicSeenRequest = z.object({
  topic: ZTopic,
  /** The monitor answer's checked_at; defaults to now. Never moves last_seen_at back nor past now. */
  seen_at: ZTimestamp.optional(),
});
export type TMarkTopicSeenRequest = z.infer<typeof ZMarkTopicSeenRequest>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for YYYY-MM-DD strings naming a real day (2019-02-30 is not one). */
const isCalendarDay = (day: string): boolean => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
};

/** A calendar day, YYYY-MM-DD, that exists. */
export const ZDay = zText()
  .regex(DAY_PATTERN, 'day must be a date written YYYY-MM-DD')
  // Only well-formed days reach the calendar check, so a bad one gets one message, not two.
  .refine((day) => !DAY_PATTERN.test(day) || isCalendarDay(day), 'day is not a calendar date');

export const ZDailyFeedQuery = z.object({
  /**
   * The announcement day to show; default the latest day (not after today) with papers matching the
   * caller's followed topics, or with any papers when the caller follows none or they match nothing.
   */
  day: ZDay.optional(),
});
export type TDailyFeedQuery = z.infer<typeof ZDailyFeedQuery>;

export const ZFeedPaper = ZPaper.extend({
  /** Why the paper is shown, e.g. 'Matches “graph neural networks”, which you follow'. */
  reason: zText(),
  /** Relevance to the user within its group; higher first (0 for papers of the day that match nothing). */
  score: z.number().min(0),
});
export type TFeedPaper = z.infer<typeof ZFeedPaper>;

export const ZFeedGroupKind = z.enum(['topic', 'library', 'other']);
export type TFeedGroupKind = z.infer<typeof ZFeedGroupKind>;

export const ZFeedGroup = z.object({
  kind: ZFeedGroupKind,
  /** The followed topic of a 'topic' group; null for the library and other groups. */
  topic: zText().nullable(),
  /** Heading to show, e.g. 'graph neural networks', 'Related to your library', 'Other papers of the day'. */
  label: zText(),
  papers: z.array(ZFeedPaper),
});
export type TFeedGroup = z.infer<typeof ZFeedGroup>;

/** GET /api/feed/daily: one announcement day, grouped by followed topic, then library, then the rest. */
export const ZDailyFeedResponse = z.object({
  /** The day shown, YYYY-MM-DD; null when the corpus has no dated papers at all. */
  day: ZDay.nullable(),
  /** The closest earlier day with papers, or null. */
  previous_day: ZDay.nullable(),
  /** The closest later day with papers that is not after today, or null. */
  next_day: ZDay.nullable(),
  /** Papers published that day (the groups hold at most FEED_MAX_PAPERS of them). */
  total: z.number().int().min(0),
  groups: z.array(ZFeedGroup),
  /** Whether the caller's followed topics match a paper of `day`; null when the caller follows none (or `day` is null). */
  topics_matched: z.boolean().nullable(),
  /**
   * The latest day with papers, when no day was asked for and the caller's topics matched nothing on it:
   * the feed then opened on `day`, the latest day they match. Null otherwise.
   */
  skipped_day: ZDay.nullable(),
  /**
   * Given when the caller's topics matched nothing on the day first looked at (the one asked for, or the
   * latest day): the latest day, not after today, on which they match a paper; null when they match none
   * anywhere, when they did match, or without topics.
   */
  latest_topic_day: ZDay.nullable(),
});
export type TDailyFeedResponse = z.infer<typeof ZDailyFeedResponse>;
