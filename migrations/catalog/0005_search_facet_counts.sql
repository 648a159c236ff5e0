CREATE TABLE "search_counts_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	"folded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_facet_counts" (
	"price_group_id" bigint NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"ratio" numeric(6, 2) NOT NULL,
	"rim" numeric(6, 2) NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"skus" integer NOT NULL,
	CONSTRAINT "search_facet_counts_price_group_id_width_ratio_rim_facet_value_label_pk" PRIMARY KEY("price_group_id","width","ratio","rim","facet","value","label")
);
--> statement-breakpoint
CREATE TABLE "search_facet_deltas" (
	"price_group_id" bigint NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"ratio" numeric(6, 2) NOT NULL,
	"rim" numeric(6, 2) NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"skus" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_facet_counts" ADD CONSTRAINT "search_facet_counts_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_facet_deltas" ADD CONSTRAINT "search_facet_deltas_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_facet_counts_totals_idx" ON "search_facet_counts" USING btree ("price_group_id","width","ratio","rim","skus") WHERE facet = '_total';--> statement-breakpoint
CREATE INDEX "search_facet_counts_empty_idx" ON "search_facet_counts" USING btree ("price_group_id") WHERE skus = 0;--> statement-breakpoint
CREATE INDEX "search_facet_deltas_key_idx" ON "search_facet_deltas" USING btree ("price_group_id","width","ratio","rim");