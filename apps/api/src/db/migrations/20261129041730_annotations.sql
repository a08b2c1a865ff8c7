CREATE TABLE "annotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"page" integer NOT NULL,
	"kind" text NOT NULL,
	"color" text NOT NULL,
	"note" text,
	"quote_exact" text,
	"quote_prefix" text,
	"quote_suffix" text,
	"position_start" integer,
	"position_end" integer,
	"rects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"folder_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_kind_known" CHECK ("annotations"."kind" in ('highlight', 'underline', 'note', 'area')),
	CONSTRAINT "annotations_page_positive" CHECK ("annotations"."page" >= 1),
	CONSTRAINT "annotations_note_length" CHECK ("annotations"."note" is null or char_length("annotations"."note") <= 10000),
	CONSTRAINT "annotations_position_ordered" CHECK (("annotations"."position_start" is null and "annotations"."position_end" is null) or ("annotations"."position_start" >= 0 and "annotations"."position_start" < "annotations"."position_end")),
	CONSTRAINT "annotations_quote_with_position" CHECK (("annotations"."quote_exact" is null) = ("annotations"."position_start" is null))
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotations_paper_idx" ON "annotations" USING btree ("platform","paper_id","page");--> statement-breakpoint
CREATE INDEX "annotations_user_idx" ON "annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "annotations_folder_idx" ON "annotations" USING btree ("folder_id");