DROP INDEX "uploads_owner_idx";--> statement-breakpoint
CREATE INDEX "uploads_owner_content_idx" ON "uploads" USING btree ("owner_id","content_hash");