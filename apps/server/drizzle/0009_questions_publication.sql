DROP INDEX "questions_briefcase_idx";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "questions_briefcase_idx" ON "questions" USING btree ("briefcase_id","created_at");