import { MAX_TOPIC_LENGTH, ZTopic } from '@paperbench/contract';

export type TTopicInput = { topic: string; error: null } | { topic: null; error: string };

/** What the follow form says about its text before sending it (the same rule the API applies). */
export function checkTopicInput(text: string): TTopicInput {
  const parsed = ZTopic.safeParse(text);
  if (parsed.success) return { topic: parsed.data, error: null };
  const trimmed = text.trim();
  if (trimmed.length === 0)
    return { topic: null, error: 'Type a topic to follow, e.g. “graph neural networks” or cs.CL.' };
  return {
    topic: null,
    error: `A topic can be at most ${MAX_TOPIC_LENGTH} characters; this one has ${trimmed.length.toLocaleString('en-US')}.`,
  };
}

/** Same topic for the API: case and inner spacing do not count. */
export const sameTopic = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
