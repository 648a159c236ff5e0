CREATE TABLE "catalog_facet_counts" (
	"price_group_id" bigint NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"skus" integer NOT NULL,
	CONSTRAINT "catalog_facet_counts_price_group_id_facet_value_pk" PRIMARY KEY("price_group_id","facet","value")
);
--> statement-breakpoint
CREATE TABLE "catalog_size_counts" (
	"price_group_id" bigint NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"ratio" numeric(6, 2) NOT NULL,
	"rim" numeric(6, 2) NOT NULL,
	"skus" integer NOT NULL,
	CONSTRAINT "catalog_size_counts_price_group_id_width_ratio_rim_pk" PRIMARY KEY("price_group_id","width","ratio","rim")
);
--> statement-breakpoint
CREATE TABLE "catalog_summary_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"stale" boolean DEFAULT true NOT NULL,
	"rebuilt_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "channels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"size" text NOT NULL,
	"slug" text NOT NULL,
	"size_type" text NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"ratio" numeric(6, 2) NOT NULL,
	"rim" numeric(6, 2) NOT NULL,
	"construction" text DEFAULT 'R' NOT NULL,
	"overall_diameter" numeric(6, 2) NOT NULL,
	CONSTRAINT "sizes_size_unique" UNIQUE("size"),
	CONSTRAINT "sizes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "vehicle_fitments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_fitments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"front_size" text NOT NULL,
	"front_load_index" integer NOT NULL,
	"front_speed_index" text NOT NULL,
	"rear_size" text,
	"rear_load_index" integer,
	"rear_speed_index" text
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"option" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "vehicles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD CONSTRAINT "catalog_facet_counts_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_size_counts" ADD CONSTRAINT "catalog_size_counts_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_fitments" ADD CONSTRAINT "vehicle_fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sizes_diameter_idx" ON "sizes" USING btree ("overall_diameter");--> statement-breakpoint
CREATE INDEX "sizes_dims_idx" ON "sizes" USING btree ("width","ratio","rim");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_fitments_vehicle_idx" ON "vehicle_fitments" USING btree ("vehicle_id","position");--> statement-breakpoint
CREATE INDEX "vehicle_fitments_front_idx" ON "vehicle_fitments" USING btree ("front_size");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_ymmo_idx" ON "vehicles" USING btree ("year","make","model","option");