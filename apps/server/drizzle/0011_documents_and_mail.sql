ALTER TABLE "users" ALTER COLUMN "auth_strategy" SET DEFAULT 'email';--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_summary_on" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_seq" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_outbox_queue_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "events_unmailed_idx" ON "events" USING btree ("id") WHERE "events"."mailed_at" is null;--> statement-breakpoint
-- Events written before mails existed are not mailed now (decisions/0124).
UPDATE "events" SET "mailed_at" = "created_at" WHERE "mailed_at" IS NULL;