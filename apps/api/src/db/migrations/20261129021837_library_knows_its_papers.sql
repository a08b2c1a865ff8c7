CREATE TABLE "paper_references" (
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"n" integer NOT NULL,
	"raw" text NOT NULL,
	"title" text,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"year" integer,
	"venue" text,
	"doi" text,
	"arxiv_id" text,
	"page" integer NOT NULL,
	"cited_platform" text,
	"cited_paper_id" text,
	CONSTRAINT "paper_references_platform_paper_id_n_pk" PRIMARY KEY("platform","paper_id","n"),
	CONSTRAINT "paper_references_n_positive" CHECK ("paper_references"."n" >= 1 and "paper_references"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reference_markers" (
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer NOT NULL,
	"char_start" integer NOT NULL,
	"char_end" integer NOT NULL,
	"entries" integer[] NOT NULL,
	CONSTRAINT "reference_markers_platform_paper_id_ordinal_pk" PRIMARY KEY("platform","paper_id","ordinal"),
	CONSTRAINT "reference_markers_span_valid" CHECK ("reference_markers"."page" >= 1 and "reference_markers"."char_start" >= 0 and "reference_markers"."char_end" > "reference_markers"."char_start")
);
--> statement-breakpoint
CREATE TABLE "zotero_syncs" (
	"user_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"library" text NOT NULL,
	"version" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zotero_syncs_user_id_folder_id_library_pk" PRIMARY KEY("user_id","folder_id","library")
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "content_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_texts" ADD COLUMN "references_parsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "published_precision" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "typed_fields" text[];--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "metadata_sources" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "linked_platform" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "linked_paper_id" text;--> statement-breakpoint
ALTER TABLE "paper_references" ADD CONSTRAINT "paper_references_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_references" ADD CONSTRAINT "paper_references_cited_platform_cited_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("cited_platform","cited_paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_markers" ADD CONSTRAINT "reference_markers_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zotero_syncs" ADD CONSTRAINT "zotero_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zotero_syncs" ADD CONSTRAINT "zotero_syncs_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_references_cited_idx" ON "paper_references" USING btree ("cited_platform","cited_paper_id");--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_published_precision_known" CHECK ("papers"."published_precision" is null or "papers"."published_precision" = 'year');