CREATE TYPE "public"."job_application_status" AS ENUM('PENDING', 'SHORTLISTED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."job_post_status" AS ENUM('OPEN', 'CLOSED', 'FILLED');--> statement-breakpoint
CREATE TABLE "job_alerts_sent" (
	"job_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_sent_job_id_worker_id_pk" PRIMARY KEY("job_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"message" text NOT NULL,
	"status" "job_application_status" DEFAULT 'PENDING' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_job_id_worker_id_key" UNIQUE("job_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "job_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"invited_by_user_id" uuid,
	"message" text DEFAULT '' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_invitations_job_id_worker_id_key" UNIQUE("job_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"posted_by_user_id" uuid,
	"draft_id" uuid NOT NULL,
	"status" "job_post_status" DEFAULT 'OPEN' NOT NULL,
	"support_category" text NOT NULL,
	"support_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"care_for" text NOT NULL,
	"searcher_role" text,
	"location" text NOT NULL,
	"locality_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"place_cell" integer GENERATED ALWAYS AS ((floor(latitude * 10)::int + 900) * 4000 + (floor(longitude * 10)::int + 1800)) STORED,
	"location_type" text DEFAULT 'ANY' NOT NULL,
	"availability" jsonb NOT NULL,
	"available_days" text[] GENERATED ALWAYS AS (array_remove(array[case when (availability -> 'mon') @> '{"morning": true}' or (availability -> 'mon') @> '{"afternoon": true}' or (availability -> 'mon') @> '{"evening": true}' then 'mon' end, case when (availability -> 'tue') @> '{"morning": true}' or (availability -> 'tue') @> '{"afternoon": true}' or (availability -> 'tue') @> '{"evening": true}' then 'tue' end, case when (availability -> 'wed') @> '{"morning": true}' or (availability -> 'wed') @> '{"afternoon": true}' or (availability -> 'wed') @> '{"evening": true}' then 'wed' end, case when (availability -> 'thu') @> '{"morning": true}' or (availability -> 'thu') @> '{"afternoon": true}' or (availability -> 'thu') @> '{"evening": true}' then 'thu' end, case when (availability -> 'fri') @> '{"morning": true}' or (availability -> 'fri') @> '{"afternoon": true}' or (availability -> 'fri') @> '{"evening": true}' then 'fri' end, case when (availability -> 'sat') @> '{"morning": true}' or (availability -> 'sat') @> '{"afternoon": true}' or (availability -> 'sat') @> '{"evening": true}' then 'sat' end, case when (availability -> 'sun') @> '{"morning": true}' or (availability -> 'sun') @> '{"afternoon": true}' or (availability -> 'sun') @> '{"evening": true}' then 'sun' end]::text[], null)) STORED NOT NULL,
	"approx_hours_per_day" double precision,
	"approx_hours_per_week" double precision,
	"approx_start_date" date,
	"gender" text DEFAULT 'ANY' NOT NULL,
	"experience" text DEFAULT 'ANY' NOT NULL,
	"tasks" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"medication_required" boolean DEFAULT false NOT NULL,
	"medication_details" text DEFAULT '' NOT NULL,
	"behaviour_of_concern" boolean DEFAULT false NOT NULL,
	"restrictive_practices" text DEFAULT 'UNSURE' NOT NULL,
	"goal" text DEFAULT '' NOT NULL,
	"is_goal_visible" boolean DEFAULT true NOT NULL,
	"paying_for_care_type" text DEFAULT 'NONE' NOT NULL,
	"hourly_rate_cents" integer,
	"ndis_funding_code" text DEFAULT '' NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"invoice_description" text DEFAULT '' NOT NULL,
	"address_for_invoice" text DEFAULT '' NOT NULL,
	"practitioner_name" text DEFAULT '' NOT NULL,
	"practitioner_phone" text DEFAULT '' NOT NULL,
	"practitioner_email" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"html_description" text NOT NULL,
	"summary" text NOT NULL,
	"search_text" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || summary)) STORED NOT NULL,
	"disable_worker_notification" boolean DEFAULT false NOT NULL,
	"disable_job_board_posting" boolean DEFAULT false NOT NULL,
	"referral_id" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "jobs_owner_id_draft_id_key" UNIQUE("owner_id","draft_id")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "job_alerts_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_alerts_sent" ADD CONSTRAINT "job_alerts_sent_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts_sent" ADD CONSTRAINT "job_alerts_sent_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_posted_by_user_id_users_id_fk" FOREIGN KEY ("posted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alerts_sent_worker_id_idx" ON "job_alerts_sent" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "job_applications_worker_id_applied_at_idx" ON "job_applications" USING btree ("worker_id","applied_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_invitations_worker_id_invited_at_idx" ON "job_invitations" USING btree ("worker_id","invited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_invitations_invited_by_user_id_idx" ON "job_invitations" USING btree ("invited_by_user_id");--> statement-breakpoint
CREATE INDEX "jobs_owner_id_posted_at_idx" ON "jobs" USING btree ("owner_id","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_posted_by_user_id_idx" ON "jobs" USING btree ("posted_by_user_id");--> statement-breakpoint
CREATE INDEX "jobs_locality_id_idx" ON "jobs" USING btree ("locality_id");--> statement-breakpoint
-- Hand-written (drizzle cannot say INCLUDE): the board's newest-first order, covering every
-- column the board filters on besides keyword, so that a filtered walk of the newest jobs reads
-- the index alone (an index-only scan) rather than the wide job rows. The predicate's own columns
-- are included too: without them PostgreSQL will not use an index-only scan once a filter is added.
CREATE INDEX "jobs_board_posted_idx" ON "jobs" USING btree ("posted_at" DESC NULLS LAST,"id") INCLUDE ("status","disable_job_board_posting","place_cell","latitude","longitude","support_type","available_days","paying_for_care_type") WHERE status = 'OPEN' and not disable_job_board_posting;--> statement-breakpoint
CREATE INDEX "jobs_board_place_idx" ON "jobs" USING btree ("place_cell") WHERE status = 'OPEN' and not disable_job_board_posting;--> statement-breakpoint
CREATE INDEX "jobs_board_earth_idx" ON "jobs" USING gist (ll_to_earth("latitude", "longitude")) WHERE status = 'OPEN' and not disable_job_board_posting;--> statement-breakpoint
CREATE INDEX "jobs_board_support_type_idx" ON "jobs" USING gin ("support_type") WHERE status = 'OPEN' and not disable_job_board_posting;--> statement-breakpoint
CREATE INDEX "jobs_board_search_text_idx" ON "jobs" USING gin ("search_text") WHERE status = 'OPEN' and not disable_job_board_posting;--> statement-breakpoint
-- Hand-written: finer statistics of the jobs' grid cells, as for workers in 0006, so that the
-- planner's count of jobs near a place is close to the truth.
ALTER TABLE "jobs" ALTER COLUMN "place_cell" SET STATISTICS 1000;
