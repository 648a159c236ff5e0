ALTER TABLE "wholesale_applications" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "requested_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_applications_confirm_idx" ON "wholesale_applications" USING btree ("confirm_token_hash");--> statement-breakpoint
-- Applications taken before addresses were confirmed stay in staff's queue as they were.
UPDATE "wholesale_applications" SET "confirmed_at" = "created_at";
