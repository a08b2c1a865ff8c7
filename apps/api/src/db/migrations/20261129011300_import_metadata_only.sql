CREATE TABLE "zotero_syncs" (
	"user_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"library" text NOT NULL,
	"version" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zotero_syncs_user_id_folder_id_library_pk" PRIMARY KEY("user_id","folder_id","library")
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "content_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "zotero_syncs" ADD CONSTRAINT "zotero_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zotero_syncs" ADD CONSTRAINT "zotero_syncs_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;