CREATE TABLE "fleet_unit_lines" (
	"order_item_id" bigint PRIMARY KEY NOT NULL,
	"unit_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_units" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"unit_number" text NOT NULL,
	"vin" text,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"option" text NOT NULL,
	"fitment" smallint,
	"route" text,
	"depot" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_units_number_len" CHECK (length("fleet_units"."unit_number") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "fleet_unit_lines" ADD CONSTRAINT "fleet_unit_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_unit_lines" ADD CONSTRAINT "fleet_unit_lines_unit_id_fleet_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."fleet_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_units" ADD CONSTRAINT "fleet_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_units" ADD CONSTRAINT "fleet_units_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_unit_lines_unit_idx" ON "fleet_unit_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_units_location_number_idx" ON "fleet_units" USING btree ("location_id",lower("unit_number"));--> statement-breakpoint
CREATE INDEX "fleet_units_company_idx" ON "fleet_units" USING btree ("company_id","location_id");