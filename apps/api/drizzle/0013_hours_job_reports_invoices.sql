CREATE TYPE "public"."gst_code" AS ENUM('P1', 'P2', 'P5');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('INVOICE', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."invoice_line_kind" AS ENUM('SERVICE', 'TRAVEL', 'EXPENSE', 'CANCELLATION');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('ISSUED', 'PAID', 'CREDITED');--> statement-breakpoint
CREATE TYPE "public"."job_report_decider" AS ENUM('CARE_SEEKER', 'COORDINATOR', 'NOMINEE', 'AUTO');--> statement-breakpoint
CREATE TYPE "public"."timesheet_cancellation_reason" AS ENUM('NSDH', 'NSDF', 'NSDT', 'NSDO');--> statement-breakpoint
CREATE TYPE "public"."timesheet_kind" AS ENUM('SHIFT', 'CANCELLATION');--> statement-breakpoint
CREATE TYPE "public"."timesheet_status" AS ENUM('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED');--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'EXPENSE_RECEIPT';--> statement-breakpoint
CREATE TABLE "account_nominees" (
	"care_seeker_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"worker_id" uuid PRIMARY KEY NOT NULL,
	"last_invoice_number" integer DEFAULT 0 NOT NULL,
	"last_credit_note_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "invoice_line_kind" NOT NULL,
	"description" text NOT NULL,
	"date" text,
	"time_band" text,
	"minutes" integer,
	"quantity_hundredths" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"gst_code" "gst_code" NOT NULL,
	"gst_cents" integer DEFAULT 0 NOT NULL,
	"support_item_number" text,
	"support_item_name" text,
	"edition" text,
	"price_limit_cents" integer,
	"capped" boolean DEFAULT false NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"claim_type" text,
	"cancellation_reason" text,
	CONSTRAINT "invoice_lines_amount" CHECK ("invoice_lines"."amount_cents" >= 0 and "invoice_lines"."quantity_hundredths" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invoice_kind" DEFAULT 'INVOICE' NOT NULL,
	"number" integer NOT NULL,
	"status" "invoice_status" DEFAULT 'ISSUED' NOT NULL,
	"worker_id" uuid NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"timesheet_id" uuid,
	"credit_note_for_id" uuid,
	"reason" text,
	"worker_first_name" text NOT NULL,
	"worker_last_name" text NOT NULL,
	"worker_business_name" text,
	"worker_abn" text,
	"worker_gst_registered" boolean NOT NULL,
	"care_seeker_first_name" text NOT NULL,
	"care_seeker_last_name" text NOT NULL,
	"client_name" text NOT NULL,
	"funding_type" text NOT NULL,
	"state" "state_code" NOT NULL,
	"mmm_class" smallint,
	"period_start" text,
	"period_end" text,
	"subtotal_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"hourly_cents" integer NOT NULL,
	"platform_fee_basis_points" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" text NOT NULL,
	"paid_at" timestamp with time zone,
	"ndis_claimed" boolean DEFAULT false NOT NULL,
	"ndis_claimed_at" timestamp with time zone,
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."gst_cents" >= 0 and "invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."gst_cents" and "invoices"."platform_fee_cents" >= 0 and "invoices"."platform_fee_cents" <= "invoices"."hourly_cents")
);
--> statement-breakpoint
CREATE TABLE "shift_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"timesheet_id" uuid,
	"shift_id" uuid,
	"contract_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"state" "state_code" NOT NULL,
	"body" text NOT NULL,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"timesheet_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"receipt_file_id" uuid,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "timesheet_expenses_amount" CHECK ("timesheet_expenses"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" timesheet_kind DEFAULT 'SHIFT' NOT NULL,
	"status" timesheet_status DEFAULT 'DRAFT' NOT NULL,
	"contract_id" uuid NOT NULL,
	"shift_id" uuid,
	"worker_id" uuid NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"state" "state_code" NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"travel_tenth_km" integer DEFAULT 0 NOT NULL,
	"travel_note" text DEFAULT '' NOT NULL,
	"ndis_line_item" text,
	"ndis_level" text,
	"cancellation_reason_code" timesheet_cancellation_reason,
	"cancellation_reason" text,
	"cancellation_charge_percent" smallint,
	"submitted_at" timestamp with time zone,
	"submitted_by_user_id" uuid,
	"auto_approve_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"decided_by" "job_report_decider",
	"rejection_reason" text,
	"nominee_emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_ends_after_start" CHECK ("timesheets"."ends_at" > "timesheets"."starts_at"),
	CONSTRAINT "timesheets_break_range" CHECK ("timesheets"."break_minutes" >= 0),
	CONSTRAINT "timesheets_travel_range" CHECK ("timesheets"."travel_tenth_km" >= 0),
	CONSTRAINT "timesheets_charge_percent_range" CHECK ("timesheets"."cancellation_charge_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cancellation_charge_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_nominees" ADD CONSTRAINT "account_nominees_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_notes" ADD CONSTRAINT "shift_notes_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_expenses" ADD CONSTRAINT "timesheet_expenses_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_expenses" ADD CONSTRAINT "timesheet_expenses_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_worker_number_key" ON "invoices" USING btree ("worker_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_timesheet_key" ON "invoices" USING btree ("timesheet_id") WHERE kind = 'INVOICE' and status <> 'CREDITED';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_for_key" ON "invoices" USING btree ("credit_note_for_id") WHERE kind = 'CREDIT_NOTE';--> statement-breakpoint
CREATE INDEX "invoices_worker_issued_idx" ON "invoices" USING btree ("worker_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_care_seeker_issued_idx" ON "invoices" USING btree ("care_seeker_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_worker_status_idx" ON "invoices" USING btree ("worker_id","status","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_care_seeker_status_idx" ON "invoices" USING btree ("care_seeker_id","status","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_contract_idx" ON "invoices" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_notes_timesheet_key" ON "shift_notes" USING btree ("timesheet_id");--> statement-breakpoint
CREATE INDEX "shift_notes_worker_idx" ON "shift_notes" USING btree ("worker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shift_notes_care_seeker_idx" ON "shift_notes" USING btree ("care_seeker_id","created_at" DESC NULLS LAST) WHERE shared_at is not null;--> statement-breakpoint
CREATE INDEX "timesheet_expenses_timesheet_idx" ON "timesheet_expenses" USING btree ("timesheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_shift_key" ON "timesheets" USING btree ("shift_id") WHERE shift_id is not null;--> statement-breakpoint
CREATE INDEX "timesheets_worker_status_idx" ON "timesheets" USING btree ("worker_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timesheets_care_seeker_status_idx" ON "timesheets" USING btree ("care_seeker_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timesheets_contract_idx" ON "timesheets" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "timesheets_auto_approve_idx" ON "timesheets" USING btree ("auto_approve_at") WHERE status = 'SUBMITTED';--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_cancellation_charge_range" CHECK ("contracts"."cancellation_charge_percent" between 0 and 100);