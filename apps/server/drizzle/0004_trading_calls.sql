CREATE TABLE "autobid_batches" (
	"briefcase_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"autobids_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autobid_batches_briefcase_id_company_id_pk" PRIMARY KEY("briefcase_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "converted_from" integer;--> statement-breakpoint
ALTER TABLE "autobid_batches" ADD CONSTRAINT "autobid_batches_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobid_batches" ADD CONSTRAINT "autobid_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobid_batches" ADD CONSTRAINT "autobid_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_visits_open_key" ON "page_visits" USING btree ("briefcase_id","user_id") WHERE "page_visits"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "bids_briefcase_company_idx" ON "bids" USING btree ("briefcase_id","company_id");