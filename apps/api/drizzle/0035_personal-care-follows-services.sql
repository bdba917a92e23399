-- Issue 31: "offers personal care" follows the services a worker lists. A worker whose flag was set without the service listed keeps offering it: the service is added first.
UPDATE "worker_profiles" SET "tasks" = array_append("tasks", 'CTP') WHERE "offers_personal_care" AND NOT ('CTP' = any("tasks"));--> statement-breakpoint
ALTER TABLE "worker_profiles" DROP COLUMN "offers_personal_care";--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "offers_personal_care" boolean GENERATED ALWAYS AS ('CTP' = any(tasks)) STORED NOT NULL;
