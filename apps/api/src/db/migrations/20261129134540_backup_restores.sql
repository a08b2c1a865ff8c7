CREATE TABLE "backup_restores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_restores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archive_name" text NOT NULL,
	"archive_created_at" timestamp with time zone NOT NULL,
	"archive_schema_version" text NOT NULL,
	"schema_version" text NOT NULL,
	"migrated_forward" integer NOT NULL,
	"tables" integer NOT NULL,
	"rows" integer NOT NULL,
	"pdfs" integer NOT NULL,
	"duration_ms" integer NOT NULL
);
