/** Who is asking: a user, or an anonymous visitor (null) on the few routes that allow one. */
export interface Actor {
  userId: number | null;
}

/**
 * A rule's answer. 'hidden': the row is none of the actor's business and is answered as if it did
 * not exist (404: architecture, a miss must not reveal that the row exists); 'forbidden': the actor
 * may see the row but not do this to it (403; arises once shared-folder roles exist).
 */
export type Decision = 'allowed' | 'forbidden' | 'hidden';
