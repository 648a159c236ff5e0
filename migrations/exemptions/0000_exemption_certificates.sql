CREATE TABLE "exemption_certificates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exemption_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"location_id" bigint,
	"state" text NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_by" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exemption_certificates_kind" CHECK ("exemption_certificates"."kind" in ('resale', 'government', 'fleet_agricultural', 'other')),
	CONSTRAINT "exemption_certificates_status" CHECK ("exemption_certificates"."status" in ('pending', 'verified', 'rejected', 'expired')),
	CONSTRAINT "exemption_certificates_rejection" CHECK ("exemption_certificates"."status" <> 'rejected' or "exemption_certificates"."rejection_reason" is not null),
	CONSTRAINT "exemption_certificates_file" CHECK ("exemption_certificates"."file_type" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "exemption_certificates" ADD CONSTRAINT "exemption_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exemption_certificates" ADD CONSTRAINT "exemption_certificates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exemption_certificates" ADD CONSTRAINT "exemption_certificates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exemption_certificates" ADD CONSTRAINT "exemption_certificates_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exemption_certificates_company_idx" ON "exemption_certificates" USING btree ("company_id","state","status");--> statement-breakpoint
CREATE INDEX "exemption_certificates_status_idx" ON "exemption_certificates" USING btree ("status","expires_on");