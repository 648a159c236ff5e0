CREATE TABLE "company_buying_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"po_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_buying_settings" ADD CONSTRAINT "company_buying_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;