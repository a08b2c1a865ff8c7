CREATE TABLE "folder_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folder_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folder_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_comments_content_length" CHECK (char_length("folder_comments"."content") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "paper_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_comments_content_length" CHECK (char_length("paper_comments"."content") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "folder_members" (
	"folder_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_members_folder_id_email_pk" PRIMARY KEY("folder_id","email"),
	CONSTRAINT "folder_members_role_known" CHECK ("folder_members"."role" in ('editor', 'commenter', 'viewer')),
	CONSTRAINT "folder_members_email_lower" CHECK ("folder_members"."email" = lower("folder_members"."email"))
);
--> statement-breakpoint
CREATE TABLE "forum_visits" (
	"folder_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_visits_user_id_folder_id_pk" PRIMARY KEY("user_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "user_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_subject" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "folder_comments" ADD CONSTRAINT "folder_comments_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_comments" ADD CONSTRAINT "folder_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_comments" ADD CONSTRAINT "folder_comments_parent_id_folder_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folder_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_comments" ADD CONSTRAINT "paper_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_comments" ADD CONSTRAINT "paper_comments_parent_id_paper_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."paper_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_comments" ADD CONSTRAINT "paper_comments_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_members" ADD CONSTRAINT "folder_members_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_members" ADD CONSTRAINT "folder_members_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_visits" ADD CONSTRAINT "forum_visits_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_visits" ADD CONSTRAINT "forum_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_comments_folder_idx" ON "folder_comments" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "folder_comments_author_idx" ON "folder_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "paper_comments_paper_idx" ON "paper_comments" USING btree ("platform","paper_id","created_at");--> statement-breakpoint
CREATE INDEX "paper_comments_author_idx" ON "paper_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "folder_members_email_idx" ON "folder_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_provider_subject_key" ON "users" USING btree ("provider_subject");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_named_together" CHECK (("users"."provider_subject" is null) = ("users"."email" is null));--> statement-breakpoint
-- Every issued id so far becomes its user's first session (the next migration drops the old columns).
INSERT INTO "user_sessions" ("user_id", "token_hash", "created_at", "last_seen_at", "revoked_at")
SELECT "id", "token_hash", "created_at", "last_seen_at", "revoked_at" FROM "users" ORDER BY "id";
