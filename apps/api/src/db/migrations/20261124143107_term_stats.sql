CREATE TABLE "term_frequencies" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"papers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_stats_builds" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"documents" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"build_ms" integer NOT NULL,
	CONSTRAINT "term_stats_builds_single_row" CHECK ("term_stats_builds"."id" = 1)
);
