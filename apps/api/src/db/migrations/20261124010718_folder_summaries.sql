CREATE TABLE "folder_summaries" (
	"folder_id" integer PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"source" text NOT NULL,
	"passages" jsonb NOT NULL,
	"citations" jsonb NOT NULL,
	"abstained" boolean NOT NULL,
	"papers_key" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_summaries_source_known" CHECK ("folder_summaries"."source" in ('model', 'extractive'))
);
--> statement-breakpoint
ALTER TABLE "folder_summaries" ADD CONSTRAINT "folder_summaries_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;