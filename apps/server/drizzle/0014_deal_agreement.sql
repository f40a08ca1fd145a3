ALTER TABLE "deals" ADD COLUMN "agreement_key" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "agreement_sha256" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "agreement_source" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "agreement_inputs" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "buyer_scan_key" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "seller_scan_key" text;