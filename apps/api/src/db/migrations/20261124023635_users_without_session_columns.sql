ALTER TABLE "users" DROP CONSTRAINT "users_token_hash_unique";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_seen_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "revoked_at";