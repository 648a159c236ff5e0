CREATE TABLE "order_sets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"front_item_id" bigint NOT NULL,
	"rear_item_id" bigint NOT NULL,
	"broken_at" timestamp with time zone,
	"broken_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_sets_front_item_idx" UNIQUE("front_item_id"),
	CONSTRAINT "order_sets_rear_item_idx" UNIQUE("rear_item_id"),
	CONSTRAINT "order_sets_two_lines" CHECK ("order_sets"."front_item_id" <> "order_sets"."rear_item_id")
);
--> statement-breakpoint
ALTER TABLE "order_sets" ADD CONSTRAINT "order_sets_front_item_id_order_items_id_fk" FOREIGN KEY ("front_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sets" ADD CONSTRAINT "order_sets_rear_item_id_order_items_id_fk" FOREIGN KEY ("rear_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;