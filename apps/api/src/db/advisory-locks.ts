/**
 * Every PostgreSQL advisory-lock key the app takes, in one place: two features that picked the same
 * number would wait for each other, or worse, think they hold a lock that guards the other's rows.
 * Single keys (`pg_advisory_lock(key)`) and namespaces (`pg_advisory_xact_lock(namespace, id)`, the
 * user id or a hash as the second key) are kept apart as well, though PostgreSQL would not confuse them.
 */
export const ADVISORY_LOCKS = {
  /** Start-up (migrations, first-start corpus) across replicas: db/client.ts. */
  startup: 727_274_101,
  /** Per content hash, writers and removers of stored bytes: storage/stored-files.repo.ts. */
  storedContent: 727_274_108,
  /** Per user, one per quota: modules/quotas/user-quotas.repo.ts. */
  folderQuota: 727_274_120,
  shareListQuota: 727_274_121,
  uploadBytesQuota: 727_274_122,
  commentQuota: 727_274_123,
  chatSessionQuota: 727_274_124,
  /** docs/import-export.md#limits: papers one user owns (uploads and metadata-only papers). */
  paperQuota: 727_274_125,
  /** Per user, the annotations quota: modules/annotations/annotations.repo.ts. */
  annotationQuota: 727_274_132,
  /** Per user, review-session creations: modules/review/review-sessions.repo.ts. */
  reviewSessions: 727_274_130,
  /** Per user, the saved-ideas quota: modules/ideas/ideas.repo.ts. */
  ideaQuota: 727_274_131,
  /** Per Google subject, sign-ins: modules/identity/account-merge.repo.ts. */
  signIn: 742_031,
  /** One bulk-load rebuild per database ('pbld'): ingest/bulk-load.repo.ts. */
  bulkLoadRebuild: 0x70626c64,
  /** One term-statistics build per database ('ptsb'): modules/recommendations/term-stats.repo.ts. */
  termStatsBuild: 0x70747362,
} as const;
