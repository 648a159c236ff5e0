ALTER TABLE "order_items" ADD COLUMN "fet_unit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tire_fee_unit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tire_fee_id" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "services_unit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fet_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tire_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "services_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_state_rate_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_zip_rate_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_ppm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exemption_certificate_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exemption_certificate_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exemption_certificate_number" text;--> statement-breakpoint
-- Lines of orders taxed before lines kept their share of the shipping: the order's shipping is
-- shared by quantity, the remainder of the division on its last line, so the lines add up to it.
UPDATE "order_items" oi SET "shipping_cents" = s."share"
  FROM (
    SELECT i."id",
           o."shipping_cents" * i."quantity" / t."units"
             + CASE WHEN i."id" = t."last_id"
                    THEN o."shipping_cents" - (SELECT sum(o."shipping_cents" * j."quantity" / t."units")
                                                 FROM "order_items" j
                                                WHERE j."order_id" = i."order_id" AND j."removed_at" IS NULL)
                    ELSE 0 END AS "share"
      FROM "order_items" i
      JOIN "orders" o ON o."id" = i."order_id"
      JOIN (SELECT "order_id", sum("quantity") AS "units", max("id") AS "last_id"
              FROM "order_items" WHERE "removed_at" IS NULL GROUP BY "order_id") t ON t."order_id" = i."order_id"
     WHERE i."removed_at" IS NULL AND o."shipping_cents" > 0
  ) s
 WHERE oi."id" = s."id";
