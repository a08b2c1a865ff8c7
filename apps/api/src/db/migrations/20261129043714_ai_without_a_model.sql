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
ALTER TABLE "paper_texts" ADD COLUMN "cleaned_version" integer;--> statement-breakpoint
CREATE INDEX "ai_scorecards_latest" ON "ai_scorecards" USING btree ("mode","model","created_at" DESC NULLS LAST);