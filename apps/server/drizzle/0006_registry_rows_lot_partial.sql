DROP INDEX "registry_rows_lot_idx";--> statement-breakpoint
CREATE INDEX "registry_rows_lot_idx" ON "registry_rows" USING btree ("lot_id") WHERE "registry_rows"."lot_id" is not null;