-- docs/grants.md#search: the weighted full-text document of a grant: title (A) > keywords (B) > abstract (C).
-- array_to_string is only STABLE, so a generated column cannot call it directly; this wrapper is IMMUTABLE
-- because its output depends on its arguments alone ('english' is fixed), as paper_search_vector (0000).
CREATE FUNCTION grant_search_vector(title text, keywords text[], abstract text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(keywords, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(abstract, '')), 'C')
$$;
--> statement-breakpoint
CREATE TABLE "grants" (
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"abstract" text,
	"agency" text NOT NULL,
	"organisation" text,
	"pi" text,
	"amount" double precision,
	"currency" text DEFAULT 'USD' NOT NULL,
	"start_date" date,
	"end_date" date,
	"close_date" date,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (grant_search_vector(title, keywords, abstract)) STORED NOT NULL,
	CONSTRAINT "grants_source_source_id_pk" PRIMARY KEY("source","source_id"),
	CONSTRAINT "grants_kind_check" CHECK ("grants"."kind" in ('award', 'opportunity'))
);
--> statement-breakpoint
CREATE INDEX "grants_search_vector_idx" ON "grants" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "grants_agency_idx" ON "grants" USING btree ("agency");--> statement-breakpoint
CREATE INDEX "grants_start_date_idx" ON "grants" USING btree ("start_date" DESC NULLS LAST);