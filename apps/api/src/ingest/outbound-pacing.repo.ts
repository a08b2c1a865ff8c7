import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/execute-result';

interface SlotRow {
  slot_ms: number | string;
  wait_ms: number | string;
}

/**
 * Takes the next slot of `service` from the shared schedule in one atomic upsert: `next_at` moves one
 * interval past the slot handed out. Returns the slot (epoch ms, the database's clock) and how long
 * to wait for it, or null when the schedule is more than `horizonMs` ahead (nothing is reserved then).
 */
export async function claimSlot(
  db: Db,
  service: string,
  intervalMs: number,
  horizonMs: number | null,
): Promise<{ slotMs: number; waitMs: number } | null> {
  const interval = `${intervalMs} milliseconds`;
  const result = await db.execute(sql`
    insert into outbound_pacing (service, next_at)
    values (${service}, clock_timestamp() + ${interval}::interval)
    on conflict (service) do update
      set next_at = greatest(outbound_pacing.next_at, clock_timestamp()) + ${interval}::interval
      where ${horizonMs === null ? sql`true` : sql`outbound_pacing.next_at <= clock_timestamp() + ${`${horizonMs} milliseconds`}::interval`}
    returning
      extract(epoch from (next_at - ${interval}::interval)) * 1000 as slot_ms,
      greatest(0, extract(epoch from (next_at - ${interval}::interval - clock_timestamp())) * 1000) as wait_ms`);
  const row = rowsOf<SlotRow>(result)[0];
  return row ? { slotMs: Number(row.slot_ms), waitMs: Number(row.wait_ms) } : null;
}
