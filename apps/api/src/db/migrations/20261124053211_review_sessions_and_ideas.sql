CREATE TABLE "ideas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ideas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"idea" jsonb NOT NULL,
	"novelty_check" jsonb NOT NULL,
	"plan" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expanded_at" timestamp with time zone,
	CONSTRAINT "ideas_source_known" CHECK ("ideas"."source" in ('model', 'extractive')),
	CONSTRAINT "ideas_title_length" CHECK (char_length("ideas"."title") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "review_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"source" text NOT NULL,
	"instructions" text,
	"draft" jsonb NOT NULL,
	"citations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_drafts_source_known" CHECK ("review_drafts"."source" in ('model', 'extractive'))
);
--> statement-breakpoint
CREATE TABLE "review_edges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_edges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"source_platform" text NOT NULL,
	"source_paper_id" text NOT NULL,
	"target_platform" text NOT NULL,
	"target_paper_id" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'accepted' NOT NULL,
	"similarity" double precision,
	"shared_terms" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_edges_state_known" CHECK ("review_edges"."state" in ('accepted', 'proposed', 'dismissed')),
	CONSTRAINT "review_edges_not_loop" CHECK (("review_edges"."source_platform", "review_edges"."source_paper_id") <> ("review_edges"."target_platform", "review_edges"."target_paper_id")),
	CONSTRAINT "review_edges_label_length" CHECK (char_length("review_edges"."label") <= 200)
);
--> statement-breakpoint
CREATE TABLE "review_files" (
	"session_id" integer NOT NULL,
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_files_session_id_platform_paper_id_pk" PRIMARY KEY("session_id","platform","paper_id")
);
--> statement-breakpoint
DROP INDEX "chat_sessions_user_updated_idx";--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "kind" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "graph_status" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "target_platform" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "target_paper_id" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_drafts" ADD CONSTRAINT "review_drafts_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_edges" ADD CONSTRAINT "review_edges_session_id_source_platform_source_paper_id_review_files_session_id_platform_paper_id_fk" FOREIGN KEY ("session_id","source_platform","source_paper_id") REFERENCES "public"."review_files"("session_id","platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_edges" ADD CONSTRAINT "review_edges_session_id_target_platform_target_paper_id_review_files_session_id_platform_paper_id_fk" FOREIGN KEY ("session_id","target_platform","target_paper_id") REFERENCES "public"."review_files"("session_id","platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_files" ADD CONSTRAINT "review_files_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_files" ADD CONSTRAINT "review_files_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ideas_user_created_idx" ON "ideas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_drafts_session_idx" ON "review_drafts" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_edges_pair_key" ON "review_edges" USING btree ("session_id","source_platform","source_paper_id","target_platform","target_paper_id");--> statement-breakpoint
CREATE INDEX "review_files_paper_idx" ON "review_files" USING btree ("platform","paper_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_user_updated_idx" ON "chat_sessions" USING btree ("user_id","kind","updated_at");--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_kind_known" CHECK ("chat_sessions"."kind" in ('chat', 'review'));--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_review_state" CHECK (("chat_sessions"."kind" = 'review' and "chat_sessions"."graph_status" in ('draft', 'complete')) or ("chat_sessions"."kind" = 'chat' and "chat_sessions"."graph_status" is null and "chat_sessions"."target_paper_id" is null));--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_target_whole" CHECK (("chat_sessions"."target_platform" is null) = ("chat_sessions"."target_paper_id" is null));