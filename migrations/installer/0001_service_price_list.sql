CREATE TABLE "installer_mount_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_mount_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"list_id" bigint NOT NULL,
	"from_inches" smallint,
	"to_inches" smallint,
	"mount_balance_cents" bigint NOT NULL,
	CONSTRAINT "installer_mount_rates_cents" CHECK ("installer_mount_rates"."mount_balance_cents" >= 0),
	CONSTRAINT "installer_mount_rates_range" CHECK ("installer_mount_rates"."from_inches" is null or "installer_mount_rates"."to_inches" is null or "installer_mount_rates"."from_inches" <= "installer_mount_rates"."to_inches")
);
--> statement-breakpoint
CREATE TABLE "installer_service_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_service_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"installer_location_id" bigint NOT NULL,
	"valve_kit_cents" bigint NOT NULL,
	"disposal_cents" bigint NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installer_service_lists_installer_location_id_unique" UNIQUE("installer_location_id"),
	CONSTRAINT "installer_service_lists_cents" CHECK ("installer_service_lists"."valve_kit_cents" >= 0 and "installer_service_lists"."disposal_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "installer_mount_rates" ADD CONSTRAINT "installer_mount_rates_list_id_installer_service_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."installer_service_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_service_lists" ADD CONSTRAINT "installer_service_lists_installer_location_id_locations_id_fk" FOREIGN KEY ("installer_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_service_lists" ADD CONSTRAINT "installer_service_lists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installer_mount_rates_list_idx" ON "installer_mount_rates" USING btree ("list_id");