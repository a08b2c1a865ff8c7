import type { Actor, Decision } from './decision';

/** The parts of a shared list the rules look at. */
export interface ShareResource {
  /** Null once the creator's account is gone. */
  createdBy: number | null;
}

/** requirements §6: a shared list is open to anyone who has its link; holding the link is the permission. */
export const decideShareUse = (): Decision => 'allowed';

/**
 * Only the creator takes a link back. Anyone else gets the answer an unknown link gets
 * (docs/security.md#taking-things-back), so trying ids tells nothing about which exist or who made them.
 */
export const decideShareRevoke = (actor: Actor, share: ShareResource): Decision =>
  actor.userId !== null && share.createdBy === actor.userId ? 'allowed' : 'hidden';
