CREATE TYPE "public"."compliance_document_kind" AS ENUM('NDIS_WORKER_SCREENING', 'POLICE_CHECK', 'WORKING_WITH_CHILDREN', 'FIRST_AID', 'CPR', 'PUBLIC_LIABILITY_INSURANCE', 'QUALIFICATION', 'DRIVER_LICENCE');--> statement-breakpoint
CREATE TYPE "public"."document_review_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."stored_file_purpose" AS ENUM('PROFILE_PHOTO', 'COMPLIANCE_DOCUMENT', 'CERTIFICATE');--> statement-breakpoint
CREATE TYPE "public"."inbox_status" AS ENUM('NEW', 'IN_PROGRESS', 'RESOLVED');--> statement-breakpoint
CREATE TABLE "learning_quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"module_code" text NOT NULL,
	"score_percent" smallint NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_quiz_attempts_score_range" CHECK ("learning_quiz_attempts"."score_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "worker_annual_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"review_year" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_off_by_user_id" uuid,
	"signed_off_at" timestamp with time zone,
	"sign_off_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_annual_reviews_year_key" UNIQUE("worker_id","review_year")
);
--> statement-breakpoint
CREATE TABLE "worker_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"check_in_number" smallint NOT NULL,
	"check_in_year" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_check_ins_number_year_key" UNIQUE("worker_id","check_in_year","check_in_number"),
	CONSTRAINT "worker_check_ins_number_range" CHECK ("worker_check_ins"."check_in_number" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "worker_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"kind" "compliance_document_kind" NOT NULL,
	"number" text,
	"issuing_state" "state_code",
	"title" text,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"file_id" uuid NOT NULL,
	"status" "document_review_status" DEFAULT 'PENDING' NOT NULL,
	"review_reason" text,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"expiry_warning_30_sent_at" timestamp with time zone,
	"expiry_warning_7_sent_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_documents_dates" CHECK ("worker_documents"."expires_on" is null or "worker_documents"."expires_on" > "worker_documents"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "worker_referees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"token_hash" text,
	"link_expires_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_referees_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "worker_referees_worker_position_key" UNIQUE("worker_id","position"),
	CONSTRAINT "worker_referees_position_range" CHECK ("worker_referees"."position" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "worker_tax_details" (
	"worker_id" uuid PRIMARY KEY NOT NULL,
	"abn" text NOT NULL,
	"abn_legal_name" text NOT NULL,
	"gst_registered" boolean NOT NULL,
	"super_fund_name" text NOT NULL,
	"super_identifier_type" text NOT NULL,
	"super_identifier" text NOT NULL,
	"super_member_number" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"bsb" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_number_last_digits" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"purpose" "stored_file_purpose" NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."byte_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "form_submission_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "inbox_status" "inbox_status" DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "assignee_user_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "needs_urgent_response" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "avatar_file_id" uuid;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "experience_years" integer;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "supports_minors" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "submitted_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "approved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "changes_requested" text;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "inactive_reason" text;--> statement-breakpoint
ALTER TABLE "learning_quiz_attempts" ADD CONSTRAINT "learning_quiz_attempts_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_annual_reviews" ADD CONSTRAINT "worker_annual_reviews_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_annual_reviews" ADD CONSTRAINT "worker_annual_reviews_signed_off_by_user_id_users_id_fk" FOREIGN KEY ("signed_off_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_check_ins" ADD CONSTRAINT "worker_check_ins_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_documents" ADD CONSTRAINT "worker_documents_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_documents" ADD CONSTRAINT "worker_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_documents" ADD CONSTRAINT "worker_documents_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_referees" ADD CONSTRAINT "worker_referees_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_tax_details" ADD CONSTRAINT "worker_tax_details_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission_notes" ADD CONSTRAINT "form_submission_notes_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission_notes" ADD CONSTRAINT "form_submission_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_quiz_attempts_worker_module_idx" ON "learning_quiz_attempts" USING btree ("worker_id","module_code","created_at");--> statement-breakpoint
CREATE INDEX "worker_annual_reviews_sign_off_idx" ON "worker_annual_reviews" USING btree ("submitted_at") WHERE "worker_annual_reviews"."signed_off_at" is null;--> statement-breakpoint
CREATE INDEX "worker_documents_worker_id_kind_idx" ON "worker_documents" USING btree ("worker_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "worker_documents_file_id_idx" ON "worker_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "worker_documents_reviewed_by_user_id_idx" ON "worker_documents" USING btree ("reviewed_by_user_id");--> statement-breakpoint
CREATE INDEX "worker_documents_expiry_idx" ON "worker_documents" USING btree ("expires_on") WHERE "worker_documents"."status" = 'APPROVED' and "worker_documents"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "stored_files_owner_user_id_idx" ON "stored_files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "form_submission_notes_submission_id_idx" ON "form_submission_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submission_notes_author_user_id_idx" ON "form_submission_notes" USING btree ("author_user_id");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_avatar_file_id_stored_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_created_at_idx" ON "audit_events" USING btree ("actor_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "form_submissions_inbox_idx" ON "form_submissions" USING btree ("inbox_status","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_assignee_user_id_idx" ON "form_submissions" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "worker_profiles_review_queue_idx" ON "worker_profiles" USING btree ("submitted_for_review_at") WHERE "worker_profiles"."submitted_for_review_at" is not null and "worker_profiles"."approved_at" is null;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_experience_years_range" CHECK ("worker_profiles"."experience_years" between 0 and 70);