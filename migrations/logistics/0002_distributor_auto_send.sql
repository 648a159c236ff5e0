ALTER TABLE "companies" ADD COLUMN "distributor_auto_send" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "distributor_orders" ADD COLUMN "auto_rule" text;
