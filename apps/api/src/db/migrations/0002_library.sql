CREATE TABLE "folder_files" (
	"folder_id" integer NOT NULL,
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_files_folder_id_platform_paper_id_pk" PRIMARY KEY("folder_id","platform","paper_id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'folder' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_name_length" CHECK (char_length("folders"."name") between 1 and 200),
	CONSTRAINT "folders_type_known" CHECK ("folders"."type" in ('folder', 'shared'))
);
--> statement-breakpoint
CREATE TABLE "paper_texts" (
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"text" text,
	"page_count" integer,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_texts_platform_paper_id_pk" PRIMARY KEY("platform","paper_id"),
	CONSTRAINT "paper_texts_status_known" CHECK ("paper_texts"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "remote_pdfs" (
	"source_url" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_list_papers" (
	"share_id" text NOT NULL,
	"position" integer NOT NULL,
	"platform" text NOT NULL,
	"paper_id" text NOT NULL,
	CONSTRAINT "shared_list_papers_share_id_position_pk" PRIMARY KEY("share_id","position")
);
--> statement-breakpoint
CREATE TABLE "shared_lists" (
	"share_id" text PRIMARY KEY NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"content_hash" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"platform" text DEFAULT 'upload' NOT NULL,
	"paper_id" text NOT NULL,
	"owner_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"original_filename" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_platform_paper_id_pk" PRIMARY KEY("platform","paper_id"),
	CONSTRAINT "uploads_platform_is_upload" CHECK ("uploads"."platform" = 'upload')
);
--> statement-breakpoint
ALTER TABLE "folder_files" ADD CONSTRAINT "folder_files_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_files" ADD CONSTRAINT "folder_files_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_texts" ADD CONSTRAINT "paper_texts_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_pdfs" ADD CONSTRAINT "remote_pdfs_content_hash_stored_files_content_hash_fk" FOREIGN KEY ("content_hash") REFERENCES "public"."stored_files"("content_hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_list_papers" ADD CONSTRAINT "shared_list_papers_share_id_shared_lists_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shared_lists"("share_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_list_papers" ADD CONSTRAINT "shared_list_papers_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_lists" ADD CONSTRAINT "shared_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_content_hash_stored_files_content_hash_fk" FOREIGN KEY ("content_hash") REFERENCES "public"."stored_files"("content_hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_platform_paper_id_papers_platform_paper_id_fk" FOREIGN KEY ("platform","paper_id") REFERENCES "public"."papers"("platform","paper_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_files_paper_idx" ON "folder_files" USING btree ("platform","paper_id");--> statement-breakpoint
CREATE INDEX "folders_owner_idx" ON "folders" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");