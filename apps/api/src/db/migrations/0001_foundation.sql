CREATE TABLE "page_view_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"client_ts" timestamp with time zone NOT NULL,
	"user_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"user_id" integer,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"platform" text DEFAULT 'arxiv' NOT NULL,
	"paper_id" text NOT NULL,
	"title" text NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"abstract" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_date" date,
	"updated_date" date,
	"pdf_url" text,
	"doi" text,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (paper_search_vector(title, authors, abstract)) STORED NOT NULL,
	CONSTRAINT "papers_platform_paper_id_pk" PRIMARY KEY("platform","paper_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_clicks" ADD CONSTRAINT "paper_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_clicks" ADD CONSTRAINT "paper_clicks_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_received_at_idx" ON "page_views" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "paper_clicks_paper_idx" ON "paper_clicks" USING btree ("platform","paper_id");--> statement-breakpoint
CREATE INDEX "papers_search_vector_idx" ON "papers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "papers_recent_idx" ON "papers" USING btree ("published_date" DESC NULLS LAST,"platform" DESC,"paper_id" DESC);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");