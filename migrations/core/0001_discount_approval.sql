ALTER TABLE "discounts" ADD COLUMN "approval_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "below_floor" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "below_floor_count" integer DEFAULT 0 NOT NULL;
