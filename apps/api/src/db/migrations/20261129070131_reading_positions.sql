CREATE TABLE "reading_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reading_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"page" integer NOT NULL,
	"offset" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_positions_user_paper_unique" UNIQUE("user_id","platform","paper_id"),
	CONSTRAINT "reading_positions_page_positive" CHECK ("reading_positions"."page" >= 1),
	CONSTRAINT "reading_positions_offset_fraction" CHECK ("reading_positions"."offset" >= 0 and "reading_positions"."offset" <= 1)
);
--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_positions_user_recent_idx" ON "reading_positions" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "reading_positions_paper_idx" ON "reading_positions" USING btree ("platform","paper_id");