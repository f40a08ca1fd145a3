CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lot_id" integer NOT NULL,
	"briefcase_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"state" text NOT NULL,
	"seller_company_id" integer NOT NULL,
	"buyer_company_id" integer NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"sign_working_days" smallint NOT NULL,
	"pay_working_days" smallint NOT NULL,
	"second_offer_working_days" smallint NOT NULL,
	"deadline_at" timestamp with time zone,
	"buyer_signed_at" timestamp with time zone,
	"buyer_sign_method" text,
	"buyer_signed_by" integer,
	"seller_signed_at" timestamp with time zone,
	"seller_sign_method" text,
	"seller_signed_by" integer,
	"payment_reported_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"registry_handed_over_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"failure" text,
	"cancel_reason" text,
	"second_offer_company_id" integer,
	"second_offer_price_kopecks" bigint,
	"second_offer_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "deal_sign_working_days" smallint;--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "deal_pay_working_days" smallint;--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "deal_second_offer_working_days" smallint;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_signed_by_users_id_fk" FOREIGN KEY ("buyer_signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_signed_by_users_id_fk" FOREIGN KEY ("seller_signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_second_offer_company_id_companies_id_fk" FOREIGN KEY ("second_offer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_lot_attempt_key" ON "deals" USING btree ("lot_id","attempt");--> statement-breakpoint
CREATE INDEX "deals_deadline_idx" ON "deals" USING btree ("deadline_at") WHERE "deals"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "deals_buyer_idx" ON "deals" USING btree ("buyer_company_id");--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_company_id");