import type { Actor, Decision } from './decision';

/** The parts of a conversation (chat, later review) the rules look at. */
export interface SessionResource {
  userId: number;
}

/**
 * spec §3 Chat session: a session is its user's alone. Anyone else gets the answer an unknown id
 * gets, so ids tell nothing about other people's conversations.
 */
export const decideSessionUse = (actor: Actor, session: SessionResource): Decision =>
  actor.userId !== null && session.userId === actor.userId ? 'allowed' : 'hidden';
