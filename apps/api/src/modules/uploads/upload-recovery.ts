import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { extractPdfTextJob } from '../../jobs/queue/definitions/extract-pdf-text';

/**
 * Start-up repair after a crash or kill (no orphan rows, no partial file may survive one). Rows are written
 * only after an upload's bytes are complete, so an interrupted upload left at most a temp file: swept
 * here. Call it before the server accepts requests (the temp sweep must not race a live upload).
 *
 * Text extraction needs no re-queueing since docs/queue.md: its job is committed with the upload
 * and lives in queue_jobs. Only a 'pending' paper_texts row with no active job (written before the
 * queue existed) gets one here; the dedupe key makes that safe when replicas start together.
 */
export async function recoverUploads({ storage, db, queue }: AppContext) {
  const tempFilesRemoved = await storage.sweepTemp();
  const { id, version, maxAttempts } = extractPdfTextJob;
  const result = await db.execute(sql`
    insert into queue_jobs (kind, version, payload, dedupe_key, max_attempts)
    select ${id}, ${version}, jsonb_build_object('platform', t.platform, 'paper_id', t.paper_id),
           t.platform || ':' || t.paper_id, ${maxAttempts}
    from paper_texts t
    where t.status = 'pending'
      and not exists (
        select 1 from queue_jobs q
        where q.kind = ${id} and q.dedupe_key = t.platform || ':' || t.paper_id and q.status in ('queued', 'running'))
    on conflict (kind, dedupe_key) where status in ('queued', 'running') and dedupe_key is not null do nothing
    returning id`);
  const textsRequeued = (result as unknown as { rows: unknown[] }).rows.length;
  if (textsRequeued) queue.wake();
  return { tempFilesRemoved, textsRequeued };
}
