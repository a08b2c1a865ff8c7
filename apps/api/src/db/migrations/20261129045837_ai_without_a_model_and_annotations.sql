CREATE TABLE "ai_scorecards" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"model" text,
	"set_name" text NOT NULL,
	"set_hash" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_scorecards_mode_known" CHECK ("ai_scorecards"."mode" in ('model', 'extractive')),
	CONSTRAINT "ai_scorecards_model_with_mode" CHECK (("ai_scorecards"."mode" = 'model') = ("ai_scorecards"."model" is not null))
);
--> statement-breakpoint
CREATE TABLE "annotation_reads" (
	"user_id" integer NOT NULL,
	"annotation_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_reads_user_id_annotation_id_pk" PRIMARY KEY("user_id","annotation_id")
);
--> statement-breakpoint
CREATE TABLE "annotation_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotation_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"annotation_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_replies_content_length" CHECK (char_length("annotation_replies"."content") between 1 and 10000)
);
--> statement-breakpoint
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
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_kind_known" CHECK ("annotations"."kind" in ('highlight', 'underline', 'note', 'area')),
	CONSTRAINT "annotations_page_positive" CHECK ("annotations"."page" >= 1),
	CONSTRAINT "annotations_note_length" CHECK ("annotations"."note" is null or char_length("annotations"."note") <= 10000),
	CONSTRAINT "annotations_position_ordered" CHECK (("annotations"."position_start" is null and "annotations"."position_end" is null) or ("annotations"."position_start" >= 0 and "annotations"."position_start" < "annotations"."position_end")),
	CONSTRAINT "annotations_quote_with_position" CHECK (("annotations"."quote_exact" is null) = ("annotations"."position_start" is null))
);
--> statement-breakpoint
ALTER TABLE "paper_texts" ADD COLUMN "cleaned_version" integer;--> statement-breakpoint
ALTER TABLE "annotation_reads" ADD CONSTRAINT "annotation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_reads" ADD CONSTRAINT "annotation_reads_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_replies" ADD CONSTRAINT "annotation_replies_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_replies" ADD CONSTRAINT "annotation_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_scorecards_latest" ON "ai_scorecards" USING btree ("mode","model","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "annotation_reads_annotation_idx" ON "annotation_reads" USING btree ("annotation_id");--> statement-breakpoint
CREATE INDEX "annotation_replies_thread_idx" ON "annotation_replies" USING btree ("annotation_id","created_at");--> statement-breakpoint
CREATE INDEX "annotation_replies_author_idx" ON "annotation_replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "annotations_paper_idx" ON "annotations" USING btree ("platform","paper_id","page");--> statement-breakpoint
CREATE INDEX "annotations_user_idx" ON "annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "annotations_folder_idx" ON "annotations" USING btree ("folder_id");