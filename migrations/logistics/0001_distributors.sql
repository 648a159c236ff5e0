CREATE TABLE "distributor_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributor_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_order_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributor_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"distributor" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"ship_from_code" text NOT NULL,
	"ship_from_zip" text NOT NULL,
	"ship_to_zip" text NOT NULL,
	"cost_cents" bigint NOT NULL,
	"tracking_number" text,
	"shipment_id" bigint,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	CONSTRAINT "distributor_orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "distributor_order_lines" ADD CONSTRAINT "distributor_order_lines_distributor_order_id_distributor_orders_id_fk" FOREIGN KEY ("distributor_order_id") REFERENCES "public"."distributor_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_order_lines" ADD CONSTRAINT "distributor_order_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_orders" ADD CONSTRAINT "distributor_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_orders" ADD CONSTRAINT "distributor_orders_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_orders" ADD CONSTRAINT "distributor_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_order_lines_order_idx" ON "distributor_order_lines" USING btree ("distributor_order_id");--> statement-breakpoint
CREATE INDEX "distributor_order_lines_item_idx" ON "distributor_order_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "distributor_orders_order_idx" ON "distributor_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "distributor_orders_status_idx" ON "distributor_orders" USING btree ("status");