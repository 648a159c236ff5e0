ALTER TABLE "quotes" ADD COLUMN "delivery_kind" text DEFAULT 'location' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "installer_location_id" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_installer_location_id_locations_id_fk" FOREIGN KEY ("installer_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;