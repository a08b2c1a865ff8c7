CREATE TABLE "passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer NOT NULL,
	"char_start" integer NOT NULL,
	"char_end" integer NOT NULL,
	"text" text NOT NULL,
	"source" text DEFAULT 'pdf' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED NOT NULL,
	"embedding" real[],
	"embedding_model" text,
	CONSTRAINT "passages_paper_ordinal_key" UNIQUE("platform","paper_id","ordinal"),
	CONSTRAINT "passages_source_known" CHECK ("passages"."source" in ('pdf', 'abstract')),
	CONSTRAINT "passages_span_valid" CHECK ("passages"."page" >= 1 and "passages"."char_start" >= 0 and "passages"."char_end" > "passages"."char_start")
);
--> statement-breakpoint
ALTER TABLE "paper_texts" DROP CONSTRAINT "paper_texts_status_known";--> statement-breakpoint
ALTER TABLE "paper_texts" ADD COLUMN "pages" text[];--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passages_search_vector_idx" ON "passages" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "paper_texts" ADD CONSTRAINT "paper_texts_status_known" CHECK ("paper_texts"."status" in ('pending', 'ready', 'failed', 'abstract-only'));