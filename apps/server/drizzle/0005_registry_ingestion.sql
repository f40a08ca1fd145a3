CREATE TABLE "lotings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer,
	"registry_key" text,
	"registry_file_name" text,
	"registry_preview" jsonb,
	"source_map" jsonb,
	"registry_report_id" uuid,
	"personal_data_found" boolean DEFAULT false NOT NULL,
	"personal_data_findings" jsonb,
	"loting_params" jsonb,
	"registry_columns" "bytea",
	"lot_assignment" "bytea",
	"lots" jsonb,
	"totals" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotings_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "registry_help_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_help_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"user_id" integer,
	"contact" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "registry_file_name" text;--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "registry_preview" jsonb;--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "personal_data_findings" jsonb;--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "registry_columns" "bytea";--> statement-breakpoint
ALTER TABLE "briefcases" ADD COLUMN "lot_assignment" "bytea";--> statement-breakpoint
ALTER TABLE "registry_reports" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "registry_reports" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "lotings" ADD CONSTRAINT "lotings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotings" ADD CONSTRAINT "lotings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_help_requests" ADD CONSTRAINT "registry_help_requests_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_help_requests" ADD CONSTRAINT "registry_help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_reports" ADD CONSTRAINT "registry_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_reports" ADD CONSTRAINT "registry_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;