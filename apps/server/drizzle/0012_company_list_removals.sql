CREATE TABLE "company_list_removals" (
	"owner_company_id" integer NOT NULL,
	"list" text NOT NULL,
	"company_id" integer NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_list_removals_owner_company_id_list_company_id_pk" PRIMARY KEY("owner_company_id","list","company_id")
);
--> statement-breakpoint
ALTER TABLE "company_list_removals" ADD CONSTRAINT "company_list_removals_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_list_removals" ADD CONSTRAINT "company_list_removals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;