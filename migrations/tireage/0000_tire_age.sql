CREATE TABLE "company_tire_age" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"max_age_months" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_tire_age_min" CHECK ("company_tire_age"."max_age_months" >= 1)
);
--> statement-breakpoint
CREATE TABLE "inventory_lots" (
	"warehouse_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"dot_code" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "inventory_lots_warehouse_id_product_id_dot_code_pk" PRIMARY KEY("warehouse_id","product_id","dot_code"),
	CONSTRAINT "inventory_lots_code" CHECK ("inventory_lots"."dot_code" ~ '^[0-9]{4}$'),
	CONSTRAINT "inventory_lots_quantity" CHECK ("inventory_lots"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_item_tire_age" (
	"order_item_id" bigint PRIMARY KEY NOT NULL,
	"max_age_months" integer NOT NULL,
	CONSTRAINT "order_item_tire_age_min" CHECK ("order_item_tire_age"."max_age_months" >= 1)
);
--> statement-breakpoint
CREATE TABLE "stock_hold_lots" (
	"hold_id" bigint PRIMARY KEY NOT NULL,
	"dot_code" text NOT NULL,
	CONSTRAINT "stock_hold_lots_code" CHECK ("stock_hold_lots"."dot_code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "company_tire_age" ADD CONSTRAINT "company_tire_age_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_warehouse_id_product_id_inventory_warehouse_id_product_id_fk" FOREIGN KEY ("warehouse_id","product_id") REFERENCES "public"."inventory"("warehouse_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_tire_age" ADD CONSTRAINT "order_item_tire_age_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_hold_lots" ADD CONSTRAINT "stock_hold_lots_hold_id_stock_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."stock_holds"("id") ON DELETE cascade ON UPDATE no action;