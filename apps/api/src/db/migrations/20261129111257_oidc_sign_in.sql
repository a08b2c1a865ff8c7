CREATE TABLE "oidc_sign_ins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"authorization_url" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"handoff_hash" text,
	"provider_subject" text,
	"email" text,
	"name" text,
	"picture" text,
	CONSTRAINT "oidc_sign_ins_handoff_hash_unique" UNIQUE("handoff_hash")
);
--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_session_id_user_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");