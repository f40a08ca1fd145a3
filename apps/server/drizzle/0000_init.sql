CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text DEFAULT 'legal' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"address" text,
	"current_address" text,
	"inn" text,
	"kpp" text,
	"okved" text,
	"management_name" text,
	"management_post" text,
	"logo_key" text,
	"buyer" boolean DEFAULT true NOT NULL,
	"seller" boolean DEFAULT false NOT NULL,
	"agreement" boolean DEFAULT false NOT NULL,
	"good_standing" boolean DEFAULT false NOT NULL,
	"fssp" boolean DEFAULT false NOT NULL,
	"need_attention" boolean DEFAULT false NOT NULL,
	"accreditation_status" text DEFAULT 'draft' NOT NULL,
	"accreditation_note" text,
	"accreditation_requested_at" timestamp with time zone,
	"accredited_at" timestamp with time zone,
	"bank_account" text,
	"bank_name" text,
	"bik" text,
	"bank_inn" text,
	"correspondent_account" text,
	"signer_name" text,
	"signer_position_and_fio" text,
	"passport" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text,
	"unconfirmed_email" text,
	"confirmed_email" boolean DEFAULT false NOT NULL,
	"phone" text,
	"confirmed_phone" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"avatar_key" text,
	"role" text DEFAULT 'user' NOT NULL,
	"auth_strategy" text DEFAULT 'sms' NOT NULL,
	"notification_settings" jsonb,
	"current_company_id" integer,
	"invited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "briefcase_company_lists" (
	"briefcase_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "briefcase_company_lists_briefcase_id_company_id_list_pk" PRIMARY KEY("briefcase_id","company_id","list")
);
--> statement-breakpoint
CREATE TABLE "briefcases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "briefcases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'created' NOT NULL,
	"auction_type" text NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"creator_type" text DEFAULT 'user' NOT NULL,
	"kind" text,
	"percent_mode" text DEFAULT 'amount_total_debt' NOT NULL,
	"end_mode" text DEFAULT 'ransom' NOT NULL,
	"start_datetime" timestamp with time zone,
	"end_datetime" timestamp with time zone,
	"published_at" timestamp with time zone,
	"sent_for_approval_at" timestamp with time zone,
	"rejection_note" text,
	"currency" text DEFAULT '₽' NOT NULL,
	"activity" text,
	"source_kind" text,
	"source_debtor_type" text,
	"liability" text,
	"source_description" text,
	"description" text,
	"max_price" bigint,
	"step_price" bigint,
	"step_price_in_percents" numeric(6, 2),
	"custom_steps" boolean DEFAULT false NOT NULL,
	"renewal_after_last_bid" boolean DEFAULT false NOT NULL,
	"renewal_after_last_bid_in_minutes" integer DEFAULT 0 NOT NULL,
	"lot_renewal_minutes" integer DEFAULT 10 NOT NULL,
	"steps_after_first_bid" integer,
	"max_bids" integer,
	"round_request_ttl" bigint DEFAULT 86400000 NOT NULL,
	"first_round_id" integer,
	"converted_from" integer,
	"next_round_id" integer,
	"next_round_count" integer DEFAULT 0 NOT NULL,
	"second_round_id" integer,
	"can_start_second_round" boolean DEFAULT false NOT NULL,
	"ai_grid" boolean DEFAULT false NOT NULL,
	"partner_operated" boolean DEFAULT false NOT NULL,
	"with_composite_lot" boolean DEFAULT false NOT NULL,
	"is_amount_bottomline_visible" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"commission_percent" numeric(5, 2),
	"fast_documents_transfer" boolean DEFAULT false NOT NULL,
	"litigation_information" boolean DEFAULT false NOT NULL,
	"fast_signing" boolean DEFAULT false NOT NULL,
	"debts_information" boolean DEFAULT false NOT NULL,
	"regions_lotable" boolean DEFAULT false NOT NULL,
	"paper_dossiers" numeric(5, 2),
	"digital_dossiers" numeric(5, 2),
	"cases_dossiers" numeric(5, 2),
	"contact_details_dossiers" numeric(5, 2),
	"last_year_payments" numeric(5, 2),
	"deal_dossiers" numeric(5, 2),
	"allowed_kinds_map" jsonb DEFAULT '{"legal":true,"bank":true,"physical":true,"self":true,"mfo":true}'::jsonb NOT NULL,
	"fssp_only" boolean DEFAULT false NOT NULL,
	"okved_82_91_only" boolean DEFAULT false NOT NULL,
	"fssp_bank_only" boolean DEFAULT false NOT NULL,
	"fssp_mfo_only" boolean DEFAULT false NOT NULL,
	"excel_custom" boolean DEFAULT false NOT NULL,
	"registry_key" text,
	"registry_report_id" uuid,
	"source_map" jsonb,
	"personal_data_found" boolean DEFAULT false NOT NULL,
	"personal_data_agreement" boolean DEFAULT false NOT NULL,
	"personal_data_skipped" boolean DEFAULT false NOT NULL,
	"loting_params" jsonb,
	"amount_total" bigint DEFAULT 0 NOT NULL,
	"amount_bottomline" bigint DEFAULT 0 NOT NULL,
	"amount_mean" bigint DEFAULT 0 NOT NULL,
	"bottomline_mean" bigint DEFAULT 0 NOT NULL,
	"start_price" bigint DEFAULT 0 NOT NULL,
	"items_count" integer DEFAULT 0 NOT NULL,
	"dpd" integer,
	"dplp" integer,
	"filling_percent" numeric(5, 2),
	"analytics" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"briefcase_id" integer,
	"company_id" integer,
	"uploaded_by_user_id" integer,
	"kind" text,
	"title" text,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"bytes_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"what" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"number" integer NOT NULL,
	"alias_number" text,
	"name" text,
	"status" text DEFAULT 'created' NOT NULL,
	"composite" boolean DEFAULT false NOT NULL,
	"amount_total" bigint DEFAULT 0 NOT NULL,
	"amount_bottomline" bigint DEFAULT 0 NOT NULL,
	"bottomline_mean" bigint DEFAULT 0 NOT NULL,
	"items_count" integer DEFAULT 0 NOT NULL,
	"dpd" integer,
	"dplp" integer,
	"start_price" bigint DEFAULT 0 NOT NULL,
	"max_price" bigint,
	"min_price" bigint,
	"step_price" bigint,
	"step_count" integer,
	"current_step" integer,
	"current_price" bigint,
	"bids_count" integer DEFAULT 0 NOT NULL,
	"max_bids_cnt" integer,
	"bidders_count" integer DEFAULT 0 NOT NULL,
	"leader_bid_id" bigint,
	"winner_bid_id" bigint,
	"winner_company_id" integer,
	"is_without_winner" boolean DEFAULT false NOT NULL,
	"renewals_count" integer DEFAULT 0 NOT NULL,
	"start_datetime" timestamp with time zone,
	"end_datetime" timestamp with time zone,
	"product_type" text,
	"federal_district" text,
	"stage" text,
	"predicted_start_price" bigint,
	"predicted_end_price" bigint,
	"analytics" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"briefcase_id" integer,
	"storage_key" text NOT NULL,
	"errors_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"lot_id" integer,
	"row_number" integer NOT NULL,
	"contract_id" text NOT NULL,
	"lot_number" integer,
	"region_code" smallint,
	"amount_total" bigint NOT NULL,
	"amount_bottomline" bigint NOT NULL,
	"principal" bigint,
	"dpd" integer,
	"dplp" integer,
	"issue_date" date,
	"last_payment_date" date,
	"last_payment_amount" bigint,
	"paid_amount" bigint,
	"amount_for_360_days" bigint,
	"product_type" text,
	"loan_kind" text,
	"stage" text,
	"first_creditor" text,
	"birth_date" date,
	"sex" text,
	"enforcement_order_placement" text,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"mode" text,
	"policy_agreement" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer,
	"kind" text NOT NULL,
	"briefcase_id" integer,
	"lot_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"author_user_id" integer,
	"title" text NOT NULL,
	"answer" text,
	"status" text DEFAULT 'unanswered' NOT NULL,
	"attached_document_id" integer,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"briefcase_id" integer,
	"satisfied" boolean,
	"rating" smallint,
	"comment" text,
	"answers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"briefcase_id" integer,
	"seq" integer NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"payload" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autobids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autobids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"max_price" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'hand' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lot_id" integer NOT NULL,
	"briefcase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"source_type" text DEFAULT 'hand' NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_briefcases" (
	"user_id" integer NOT NULL,
	"briefcase_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_briefcases_user_id_briefcase_id_pk" PRIMARY KEY("user_id","briefcase_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_lots" (
	"user_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_lots_user_id_lot_id_pk" PRIMARY KEY("user_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "round_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "round_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"briefcase_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefcase_company_lists" ADD CONSTRAINT "briefcase_company_lists_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefcase_company_lists" ADD CONSTRAINT "briefcase_company_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefcases" ADD CONSTRAINT "briefcases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefcases" ADD CONSTRAINT "briefcases_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_winner_company_id_companies_id_fk" FOREIGN KEY ("winner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_reports" ADD CONSTRAINT "registry_reports_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_rows" ADD CONSTRAINT "registry_rows_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_rows" ADD CONSTRAINT "registry_rows_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_attached_document_id_documents_id_fk" FOREIGN KEY ("attached_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobids" ADD CONSTRAINT "autobids_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobids" ADD CONSTRAINT "autobids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobids" ADD CONSTRAINT "autobids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_briefcases" ADD CONSTRAINT "favourite_briefcases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_briefcases" ADD CONSTRAINT "favourite_briefcases_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_lots" ADD CONSTRAINT "favourite_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_lots" ADD CONSTRAINT "favourite_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_requests" ADD CONSTRAINT "round_requests_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_requests" ADD CONSTRAINT "round_requests_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_requests" ADD CONSTRAINT "round_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_requests" ADD CONSTRAINT "round_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_inn_idx" ON "companies" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "memberships_company_idx" ON "memberships" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_key" ON "memberships" USING btree ("company_id") WHERE "memberships"."owner";--> statement-breakpoint
CREATE INDEX "notification_outbox_recipient_idx" ON "notification_outbox" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "one_time_codes_target_idx" ON "one_time_codes" USING btree ("purpose","target");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "briefcases_status_start_idx" ON "briefcases" USING btree ("status","start_datetime");--> statement-breakpoint
CREATE INDEX "briefcases_company_idx" ON "briefcases" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "briefcases_start_idx" ON "briefcases" USING btree ("start_datetime");--> statement-breakpoint
CREATE INDEX "documents_briefcase_idx" ON "documents" USING btree ("briefcase_id");--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "downloads_briefcase_idx" ON "downloads" USING btree ("briefcase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_briefcase_number_key" ON "lots" USING btree ("briefcase_id","number");--> statement-breakpoint
CREATE INDEX "lots_status_end_idx" ON "lots" USING btree ("status","end_datetime");--> statement-breakpoint
CREATE INDEX "registry_rows_briefcase_idx" ON "registry_rows" USING btree ("briefcase_id","row_number");--> statement-breakpoint
CREATE INDEX "registry_rows_lot_idx" ON "registry_rows" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "events_user_idx" ON "events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "page_visits_briefcase_idx" ON "page_visits" USING btree ("briefcase_id","user_id");--> statement-breakpoint
CREATE INDEX "questions_briefcase_idx" ON "questions" USING btree ("briefcase_id");--> statement-breakpoint
CREATE INDEX "survey_answers_user_idx" ON "survey_answers" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_key" ON "audit_log" USING btree (coalesce("briefcase_id", 0),"seq");--> statement-breakpoint
CREATE UNIQUE INDEX "autobids_lot_company_key" ON "autobids" USING btree ("lot_id","company_id");--> statement-breakpoint
CREATE INDEX "bids_lot_idx" ON "bids" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_idempotency_key" ON "bids" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "round_requests_lot_company_key" ON "round_requests" USING btree ("lot_id","company_id");