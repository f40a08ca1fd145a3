DROP INDEX "bids_company_idx";--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id","lot_id");