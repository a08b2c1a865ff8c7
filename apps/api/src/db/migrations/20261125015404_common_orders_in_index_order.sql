-- docs/search.md#common-words: a common word's kept order is now its index order with every key's full
-- score (a search re-ranks the rank window itself, and can leave out the papers of an excluded word).
-- Orders kept in the old form (ranked, scores past the window unknown) go, and so does the build
-- record, so the next run of the common-search-windows job ranks them again.
DELETE FROM common_query_windows;
--> statement-breakpoint
DELETE FROM common_query_window_builds;
