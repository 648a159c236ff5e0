CREATE TABLE "installer_order_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_order_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"installer_order_id" bigint NOT NULL,
	"user_id" bigint,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installer_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"installer_location_id" bigint NOT NULL,
	"status" text DEFAULT 'incoming' NOT NULL,
	"appointment_at" timestamp with time zone,
	"vehicle" text,
	"received_at" timestamp with time zone,
	"mounted_at" timestamp with time zone,
	"labour_cents" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installer_orders_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "installer_orders_labour" CHECK ("installer_orders"."labour_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "installer_order_log" ADD CONSTRAINT "installer_order_log_installer_order_id_installer_orders_id_fk" FOREIGN KEY ("installer_order_id") REFERENCES "public"."installer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_order_log" ADD CONSTRAINT "installer_order_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_orders" ADD CONSTRAINT "installer_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_orders" ADD CONSTRAINT "installer_orders_installer_location_id_locations_id_fk" FOREIGN KEY ("installer_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installer_order_log_order_idx" ON "installer_order_log" USING btree ("installer_order_id");--> statement-breakpoint
CREATE INDEX "installer_orders_location_idx" ON "installer_orders" USING btree ("installer_location_id","status");