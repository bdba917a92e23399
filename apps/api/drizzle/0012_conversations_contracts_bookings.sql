CREATE TYPE "public"."booking_repeat" AS ENUM('NONE', 'WEEKLY', 'FORTNIGHTLY');--> statement-breakpoint
CREATE TYPE "public"."cancellation_reason" AS ENUM('NSDH', 'NSDF', 'NSDT', 'NSDO');--> statement-breakpoint
CREATE TYPE "public"."contract_status" AS ENUM('OFFERED', 'ACTIVE', 'DECLINED', 'WITHDRAWN', 'ENDED', 'TERMINATED');--> statement-breakpoint
CREATE TYPE "public"."schedule_response_status" AS ENUM('CONFIRMED', 'UNCONFIRMED', 'CANCELLED');--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'MESSAGE_ATTACHMENT';--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'CONTRACT_PDF';--> statement-breakpoint
ALTER TYPE "public"."form_kind" ADD VALUE 'conversation-report';--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"time_zone" text NOT NULL,
	"first_start_local" text NOT NULL,
	"first_end_local" text NOT NULL,
	"repeat" "booking_repeat" DEFAULT 'NONE' NOT NULL,
	"repeat_until" date,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "contract_ndis_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"line_item" text NOT NULL,
	"level" text NOT NULL,
	"time_of_day" text NOT NULL,
	"support_item_number" text NOT NULL,
	"edition" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "contract_ndis_rates_amount" CHECK ("contract_ndis_rates"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"job_id" uuid,
	"offered_by_user_id" uuid,
	"status" "contract_status" DEFAULT 'OFFERED' NOT NULL,
	"funding_type" text NOT NULL,
	"client_name" text NOT NULL,
	"client_state" "state_code" NOT NULL,
	"client_postcode" text,
	"client_mmm_class" smallint,
	"support_required" text[] NOT NULL,
	"support_details" text DEFAULT '' NOT NULL,
	"weekday_rate_cents" integer NOT NULL,
	"saturday_rate_cents" integer NOT NULL,
	"sunday_rate_cents" integer NOT NULL,
	"public_holiday_rate_cents" integer NOT NULL,
	"evening_rate_cents" integer NOT NULL,
	"overnight_rate_cents" integer,
	"travel_per_km_cents" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"cancellation_policy" text NOT NULL,
	"termination_policy" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"emergency_contacts" jsonb NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_name" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"declined_reason" text,
	"terminated_by_user_id" uuid,
	"termination_reason" text,
	"termination_notice_date" date,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_mmm_class_range" CHECK ("contracts"."client_mmm_class" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"started_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"care_seeker_read_at" timestamp with time zone,
	"worker_read_at" timestamp with time zone,
	"care_seeker_emailed_at" timestamp with time zone,
	"worker_emailed_at" timestamp with time zone,
	"blocked_by_user_id" uuid,
	"blocked_at" timestamp with time zone,
	CONSTRAINT "conversations_pair_key" UNIQUE("care_seeker_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "job_awards" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid,
	"uploaded_by_user_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"acted_by_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" "schedule_response_status" DEFAULT 'UNCONFIRMED' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" uuid,
	"cancelled_by_side" text,
	"cancellation_reason" text,
	"cancellation_reason_code" "cancellation_reason",
	"no_show" boolean DEFAULT false NOT NULL,
	"short_notice" boolean DEFAULT false NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_ends_after_start" CHECK ("shifts"."ends_at" > "shifts"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_ndis_rates" ADD CONSTRAINT "contract_ndis_rates_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_offered_by_user_id_users_id_fk" FOREIGN KEY ("offered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_terminated_by_user_id_users_id_fk" FOREIGN KEY ("terminated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_blocked_by_user_id_users_id_fk" FOREIGN KEY ("blocked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_awards" ADD CONSTRAINT "job_awards_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_awards" ADD CONSTRAINT "job_awards_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_contract_idx" ON "bookings" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_ndis_rates_contract_idx" ON "contract_ndis_rates" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_live_pair_key" ON "contracts" USING btree ("care_seeker_id","worker_id") WHERE status in ('OFFERED', 'ACTIVE');--> statement-breakpoint
CREATE INDEX "contracts_care_seeker_idx" ON "contracts" USING btree ("care_seeker_id","offered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_worker_idx" ON "contracts" USING btree ("worker_id","offered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_job_idx" ON "contracts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "contracts_active_end_idx" ON "contracts" USING btree ("end_date") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "conversations_care_seeker_idx" ON "conversations" USING btree ("care_seeker_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_worker_idx" ON "conversations" USING btree ("worker_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_attachments_conversation_idx" ON "message_attachments" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shifts_worker_live_idx" ON "shifts" USING btree ("worker_id","starts_at") WHERE status <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "shifts_worker_starts_idx" ON "shifts" USING btree ("worker_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_care_seeker_starts_idx" ON "shifts" USING btree ("care_seeker_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_worker_status_idx" ON "shifts" USING btree ("worker_id","status","status_changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shifts_care_seeker_status_idx" ON "shifts" USING btree ("care_seeker_id","status","status_changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shifts_booking_idx" ON "shifts" USING btree ("booking_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_contract_idx" ON "shifts" USING btree ("contract_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_reminder_due_idx" ON "shifts" USING btree ("starts_at") WHERE status = 'CONFIRMED' and reminder_sent_at is null;