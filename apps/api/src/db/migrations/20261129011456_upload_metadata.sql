ALTER TABLE "uploads" ADD COLUMN "typed_fields" text[];--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "metadata_sources" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "linked_platform" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "linked_paper_id" text;