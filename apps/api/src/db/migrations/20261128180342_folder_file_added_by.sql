ALTER TABLE "folder_files" ADD COLUMN "added_by" integer;--> statement-breakpoint
ALTER TABLE "folder_files" ADD CONSTRAINT "folder_files_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- docs/collaboration.md#uploads: who placed each existing file was never recorded. The folder's owner
-- placed most; an upload sitting in a shared folder where its uploader holds an editing role was
-- placed by the uploader (the only way it could get there that grants anything), so it stays shared.
UPDATE "folder_files" AS ff SET "added_by" = f."owner_id" FROM "folders" AS f WHERE f."id" = ff."folder_id";--> statement-breakpoint
UPDATE "folder_files" AS ff SET "added_by" = u."owner_id"
FROM "uploads" AS u, "folders" AS f, "folder_members" AS m, "users" AS usr
WHERE u."platform" = ff."platform" AND u."paper_id" = ff."paper_id" AND f."id" = ff."folder_id"
  AND f."type" = 'shared' AND m."folder_id" = f."id" AND m."role" = 'editor'
  AND usr."id" = u."owner_id" AND usr."email" = m."email";
