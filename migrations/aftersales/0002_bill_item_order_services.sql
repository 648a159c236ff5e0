DROP INDEX "bill_items_mounting_once";--> statement-breakpoint
CREATE UNIQUE INDEX "bill_items_order_once" ON "bill_items" USING btree ("order_id","kind") WHERE "bill_items"."active";