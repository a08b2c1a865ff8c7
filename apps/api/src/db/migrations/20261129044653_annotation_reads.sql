CREATE TABLE "annotation_reads" (
	"user_id" integer NOT NULL,
	"annotation_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_reads_user_id_annotation_id_pk" PRIMARY KEY("user_id","annotation_id")
);
--> statement-breakpoint
ALTER TABLE "annotation_reads" ADD CONSTRAINT "annotation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_reads" ADD CONSTRAINT "annotation_reads_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_reads_annotation_idx" ON "annotation_reads" USING btree ("annotation_id");