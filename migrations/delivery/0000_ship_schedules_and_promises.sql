CREATE TABLE "order_promises" (
	"order_item_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"ships_by" date NOT NULL,
	"arrives_by" date NOT NULL,
	"promised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_promises_order_item_id_warehouse_id_pk" PRIMARY KEY("order_item_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_holidays" (
	"warehouse_id" bigint NOT NULL,
	"day" date NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "warehouse_holidays_warehouse_id_day_pk" PRIMARY KEY("warehouse_id","day")
);
--> statement-breakpoint
CREATE TABLE "warehouse_ship_schedules" (
	"warehouse_id" bigint PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"cutoff" text NOT NULL,
	"handling_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_ship_schedules_cutoff" CHECK ("warehouse_ship_schedules"."cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "warehouse_ship_schedules_handling" CHECK ("warehouse_ship_schedules"."handling_days" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "order_promises" ADD CONSTRAINT "order_promises_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promises" ADD CONSTRAINT "order_promises_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promises" ADD CONSTRAINT "order_promises_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_holidays" ADD CONSTRAINT "warehouse_holidays_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ship_schedules" ADD CONSTRAINT "warehouse_ship_schedules_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_promises_order_idx" ON "order_promises" USING btree ("order_id");