DROP INDEX "comp_records_plan_order_idx";--> statement-breakpoint
ALTER TABLE "comp_records" ADD COLUMN "kind" text DEFAULT 'accrual' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "comp_records_plan_order_idx" ON "comp_records" USING btree ("plan_id","order_id") WHERE "comp_records"."kind" = 'accrual';