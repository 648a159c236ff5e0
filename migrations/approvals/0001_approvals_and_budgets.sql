CREATE TABLE "buyer_spending_limits" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"per_order_cents" bigint,
	"per_month_cents" bigint,
	"approver" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_spending_limits_nonnegative" CHECK ("buyer_spending_limits"."per_order_cents" >= 0 and "buyer_spending_limits"."per_month_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "location_budgets" (
	"location_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"monthly_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_budgets_nonnegative" CHECK ("location_budgets"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"requested_by_user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reasons" text[] NOT NULL,
	"total_cents" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_user_id" bigint,
	"decided_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_buying_settings" ADD COLUMN "approval_hold_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_spending_limits" ADD CONSTRAINT "buyer_spending_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_spending_limits" ADD CONSTRAINT "buyer_spending_limits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_budgets" ADD CONSTRAINT "location_budgets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_budgets" ADD CONSTRAINT "location_budgets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_spending_limits_company_idx" ON "buyer_spending_limits" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "location_budgets_company_idx" ON "location_budgets" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_approvals_order_idx" ON "order_approvals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_approvals_company_idx" ON "order_approvals" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "order_approvals_pending_idx" ON "order_approvals" USING btree ("expires_at") WHERE "order_approvals"."status" = 'pending';