CREATE TABLE "common_query_window_builds" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"queries" integer NOT NULL,
	"corpus_updated_at" timestamp with time zone,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"build_ms" integer NOT NULL,
	CONSTRAINT "common_query_window_builds_single_row" CHECK ("common_query_window_builds"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "common_query_windows" (
	"query" text PRIMARY KEY NOT NULL,
	"keys" jsonb NOT NULL,
	"depth" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
