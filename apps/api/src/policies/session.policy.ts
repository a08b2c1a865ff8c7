import type { Actor, Decision } from './decision';

/** The parts of a user's own work (chat and review sessions, saved ideas) the rules look at. */
export interface SessionResource {
  userId: number;
}

/**
 * requirements §3 Chat session (and Idea proposal): a session or a saved idea is its user's alone. Anyone else
 * gets the answer an unknown id gets, so ids tell nothing about other people's work.
 */
export const decideSessionUse = (actor: Actor, session: SessionResource): Decision =>
  actor.userId !== null && session.userId === actor.userId ? 'allowed' : 'hidden';
