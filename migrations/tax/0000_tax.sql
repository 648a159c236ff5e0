CREATE TABLE "tax_import_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"user_id" bigint,
	"status" text DEFAULT 'importing' NOT NULL,
	"effective_from" date NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tax_state_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_state_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"checked_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_state_rates_state" CHECK ("tax_state_rates"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_state_rates_rate" CHECK ("tax_state_rates"."rate_ppm" between 0 and 200000)
);
--> statement-breakpoint
CREATE TABLE "tax_taxability" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_taxability_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"shipping_taxable" boolean NOT NULL,
	"labour_taxable" boolean NOT NULL,
	"tire_fee_taxable" boolean NOT NULL,
	"fet_taxable" boolean NOT NULL,
	"road_hazard_taxable" boolean NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"checked_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_taxability_state" CHECK ("tax_taxability"."state" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "tax_tire_fees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_tire_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"percent_ppm" integer,
	"kinds" text[] NOT NULL,
	"taxable" boolean NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"checked_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_tire_fees_state" CHECK ("tax_tire_fees"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_tire_fees_amount" CHECK ("tax_tire_fees"."amount_cents" >= 0),
	CONSTRAINT "tax_tire_fees_percent" CHECK ("tax_tire_fees"."percent_ppm" is null or "tax_tire_fees"."percent_ppm" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "tax_zip_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_zip_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"region_name" text DEFAULT '' NOT NULL,
	"combined_ppm" integer NOT NULL,
	"state_ppm" integer NOT NULL,
	"county_ppm" integer NOT NULL,
	"city_ppm" integer NOT NULL,
	"special_ppm" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"checked_on" date,
	"import_run_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_zip_rates_zip" CHECK ("tax_zip_rates"."zip" ~ '^[0-9]{5}$'),
	CONSTRAINT "tax_zip_rates_state" CHECK ("tax_zip_rates"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_zip_rates_combined" CHECK ("tax_zip_rates"."combined_ppm" between 0 and 200000)
);
--> statement-breakpoint
ALTER TABLE "tax_import_runs" ADD CONSTRAINT "tax_import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_state_rates" ADD CONSTRAINT "tax_state_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_taxability" ADD CONSTRAINT "tax_taxability_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_tire_fees" ADD CONSTRAINT "tax_tire_fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_zip_rates" ADD CONSTRAINT "tax_zip_rates_import_run_id_tax_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."tax_import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_import_runs_created" ON "tax_import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_state_rates_state_from" ON "tax_state_rates" USING btree ("state","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_taxability_state_from" ON "tax_taxability" USING btree ("state","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_tire_fees_state_name_from" ON "tax_tire_fees" USING btree ("state","name","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_zip_rates_zip_from" ON "tax_zip_rates" USING btree ("zip","effective_from");