import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RawSession } from '../db/raw-session';
import { harvestStates } from '../db/schema';

export async function selectHarvestState(db: Db, key: string) {
  const [state] = await db.select().from(harvestStates).where(eq(harvestStates.key, key));
  return state;
}

/** Ends the run in progress (its stored token and window), keeping what it harvested. */
export async function clearHarvestRun(db: Db, key: string): Promise<void> {
  await db
    .update(harvestStates)
    .set({ resumptionToken: null, runFrom: null, runUntil: null })
    .where(eq(harvestStates.key, key));
}

export interface HarvestedPage {
  key: string;
  prefix: string;
  set: string | null;
  /** The newest datestamp committed so far. */
  lastDatestamp: string | null;
  /** The window and token of the run in progress; all null once it is done. */
  runFrom: string | null;
  runUntil: string | null;
  resumptionToken: string | null;
  records: number;
}

/** Records one harvested page in the state row, inside the page's own transaction (with its upserts). */
export async function saveHarvestedPage(session: RawSession, page: HarvestedPage): Promise<void> {
  await session.query(
    `INSERT INTO harvest_states (key, metadata_prefix, set_spec, last_datestamp, run_from, run_until,
       resumption_token, pages_harvested, records_harvested, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, now())
     ON CONFLICT (key) DO UPDATE SET last_datestamp = excluded.last_datestamp, run_from = excluded.run_from,
       run_until = excluded.run_until, resumption_token = excluded.resumption_token,
       pages_harvested = harvest_states.pages_harvested + 1,
       records_harvested = harvest_states.records_harvested + excluded.records_harvested, updated_at = now()`,
    [
      page.key,
      page.prefix,
      page.set,
      page.lastDatestamp,
      page.runFrom,
      page.runUntil,
      page.resumptionToken,
      page.records,
    ],
  );
}
