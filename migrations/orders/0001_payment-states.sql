CREATE TABLE "card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_cents" between 0 and "payments"."amount_cents");--> statement-breakpoint
UPDATE "payments" SET "status" = 'pending' WHERE "status" = 'requires_payment';--> statement-breakpoint
UPDATE "payments" SET "status" = 'failed' WHERE "status" = 'declined';--> statement-breakpoint
UPDATE "payments" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';
--> statement-breakpoint
-- Orders staff placed before the buyer and the placing staff member were told apart: the staff
-- member becomes placed_by, the company's admin (else its oldest buying user) the buyer.
UPDATE "orders" o SET "placed_by_user_id" = o."user_id", "user_id" = coalesce((
    SELECT u."id" FROM "users" u
     WHERE u."company_id" = o."company_id" AND u."active" AND u."role" IN ('company_admin', 'buyer', 'reseller')
     ORDER BY (u."role" = 'company_admin') DESC, u."id" LIMIT 1), o."user_id")
 WHERE o."status" <> 'cart'
   AND EXISTS (SELECT 1 FROM "users" s WHERE s."id" = o."user_id" AND s."role" IN ('sales', 'support', 'finance', 'admin'));
