import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where an OAI-PMH harvest of one (metadata format, set) stands. `resumptionToken` is the next page
 * of a harvest in progress, committed with each page's records so a crash resumes from there;
 * `lastDatestamp` is the newest datestamp committed so far, moved with every page (the next run's
 * `from`); that is safe because a run in progress resumes from its stored token, not from it.
 */
export const harvestStates = pgTable('harvest_states', {
  /** e.g. 'arXivRaw:cs', or 'arXivRaw:*' for the whole archive. */
  key: text('key').primaryKey(),
  metadataPrefix: text('metadata_prefix').notNull(),
  setSpec: text('set_spec'),
  lastDatestamp: date('last_datestamp'),
  /** The `from` of the harvest in progress (kept to finish it after a crash). */
  runFrom: date('run_from'),
  runUntil: date('run_until'),
  resumptionToken: text('resumption_token'),
  pagesHarvested: integer('pages_harvested').notNull().default(0),
  recordsHarvested: integer('records_harvested').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
