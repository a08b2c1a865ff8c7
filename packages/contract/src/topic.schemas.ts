import { z } from 'zod';

/** Most topics one user may follow. */
export const MAX_TOPICS = 100;

/** spec §3 Topic: a string the user follows. Trimmed, 1-100 characters; compared case-insensitively. */
export const ZTopic = z
  .string()
  .trim()
  .min(1, 'topic must not be empty')
  .max(100, 'topic must be at most 100 characters');
export type TTopic = z.infer<typeof ZTopic>;

export const ZAddTopicRequest = z.object({ topic: ZTopic });

/** GET and POST /api/topics: the followed topics, in the order they were added. */
export const ZTopicsResponse = z.object({ topics: z.array(z.string()) });
export type TTopicsResponse = z.infer<typeof ZTopicsResponse>;
