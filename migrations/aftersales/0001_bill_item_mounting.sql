ALTER TABLE "bill_items" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_items_mounting_once" ON "bill_items" USING btree ("order_id") WHERE "bill_items"."active";