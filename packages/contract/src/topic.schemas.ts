import { z } from 'zod';
import { zText } from './common';

/** Most topics one user may follow. */
export const MAX_TOPICS = 100;

/** Longest topic, in characters. */
export const MAX_TOPIC_LENGTH = 100;

/**
 * requirements §3 Topic: a string the user follows. Trimmed, inner runs of white space collapsed to one space
 * (so "graph  neural" and "graph neural" are one topic), 1-100 characters; compared case-insensitively.
 */
export const ZTopic = zText()
  .trim()
  .min(1, 'topic must not be empty')
  .max(MAX_TOPIC_LENGTH, `topic must be at most ${MAX_TOPIC_LENGTH} characters`)
  .transform((topic) => topic.replace(/\s+/g, ' '));
export type TTopic = z.infer<typeof ZTopic>;

export const ZAddTopicRequest = z.object({ topic: ZTopic });

/** GET and POST /api/topics: the followed topics, in the order they were added. */
export const ZTopicsResponse = z.object({ topics: z.array(zText()) });
export type TTopicsResponse = z.infer<typeof ZTopicsResponse>;
