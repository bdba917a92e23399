ALTER TYPE "public"."job_status" ADD VALUE 'DISCARDED';--> statement-breakpoint
ALTER TABLE "background_jobs" ALTER COLUMN "max_attempts" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "background_jobs" ALTER COLUMN "max_attempts" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD COLUMN "first_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD COLUMN "last_attempted_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (issue 27): every job was queued with the old default of 5 attempts; from now on a
-- transient failure is retried until JOB_RETRY_HOURS are spent, so the jobs still waiting take that.
UPDATE "background_jobs" SET "max_attempts" = NULL WHERE "max_attempts" = 5 AND "status" IN ('PENDING', 'RUNNING');
