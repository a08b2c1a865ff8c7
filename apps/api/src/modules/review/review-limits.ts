import { AppError } from '../../lib/app-error';

/**
 * docs/review.md#sessions-files-and-target-paper: the bounds of review sessions, so one user cannot
 * fill the tables (docs/security.md#rate-limits-and-quotas). A count past a bound answers 409 CONFLICT,
 * like the folder quota, and nothing is written.
 */
export const REVIEW_LIMITS = {
  /** Papers (graph nodes) per session: a related-work section cites tens, not thousands. */
  filesPerSession: 200,
  /** Edge rows per session, drawn, proposed and dismissed together. */
  edgesPerSession: 1000,
  /** Review sessions per user. */
  sessionsPerUser: 500,
} as const;

/** `session` names it: "Review session 12", or "A review session" for one not made yet. */
export const fileCapReached = (session: string) =>
  new AppError(
    'CONFLICT',
    `${session} would hold more than ${REVIEW_LIMITS.filesPerSession} papers, the most allowed: remove some first`,
    { quota: REVIEW_LIMITS.filesPerSession },
  );

export const edgeCapReached = (sessionId: number) =>
  new AppError(
    'CONFLICT',
    `Review session ${sessionId} has ${REVIEW_LIMITS.edgesPerSession} edges, the most allowed: remove one first`,
    { quota: REVIEW_LIMITS.edgesPerSession },
  );

export const sessionQuotaReached = () =>
  new AppError(
    'CONFLICT',
    `You have ${REVIEW_LIMITS.sessionsPerUser} review sessions, the most allowed: delete one before starting another`,
    { quota: REVIEW_LIMITS.sessionsPerUser },
  );
