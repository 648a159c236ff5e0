ALTER TABLE "quote_options" ADD COLUMN "distributor" text;--> statement-breakpoint
ALTER TABLE "quote_options" ADD COLUMN "arrives_by" text;