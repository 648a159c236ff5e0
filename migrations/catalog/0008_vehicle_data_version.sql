CREATE TABLE "vehicle_data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "vehicle_data_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Once per statement (an import of thousands of rows bumps it once).
CREATE FUNCTION "bump_vehicle_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vehicle_data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vehicles_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vehicles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_vehicle_data_version"();--> statement-breakpoint
CREATE TRIGGER "vehicle_fitments_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vehicle_fitments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_vehicle_data_version"();
