DROP TABLE "catalog_facet_counts" CASCADE;--> statement-breakpoint
DROP TABLE "catalog_size_counts" CASCADE;--> statement-breakpoint
DROP TABLE "catalog_summary_state" CASCADE;