CREATE TYPE "public"."shortfall_action" AS ENUM('RESUBMIT', 'WRITE_OFF', 'BILL_CARE_SEEKER');--> statement-breakpoint
ALTER TYPE "public"."claim_line_status" ADD VALUE 'ACCEPTED' BEFORE 'PAID';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'NDIA_WRITE_OFF';--> statement-breakpoint
ALTER TYPE "public"."ledger_journal_kind" ADD VALUE 'WRITE_OFF';--> statement-breakpoint
ALTER TYPE "public"."ledger_journal_kind" ADD VALUE 'RECEIVABLE_TRANSFERRED';--> statement-breakpoint
DROP INDEX "ndis_claim_lines_live_key";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "ndis_shortfall_billable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "shortfall_of" uuid;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "payment_request_number" text;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "capped_price_cents" integer;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "short_reason" text;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "cash_cents" integer;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "cash_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "cash_reference" text;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "shortfall_action" "shortfall_action";--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "shortfall_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD COLUMN "shortfall_action_by" uuid;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD CONSTRAINT "ndis_claim_lines_shortfall_of_ndis_claim_lines_id_fk" FOREIGN KEY ("shortfall_of") REFERENCES "public"."ndis_claim_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD CONSTRAINT "ndis_claim_lines_shortfall_action_by_users_id_fk" FOREIGN KEY ("shortfall_action_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ndis_claim_lines_request_number_idx" ON "ndis_claim_lines" USING btree ("payment_request_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ndis_claim_lines_live_shortfall_key" ON "ndis_claim_lines" USING btree ("shortfall_of") WHERE status <> 'REJECTED' and shortfall_of is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ndis_claim_lines_live_key" ON "ndis_claim_lines" USING btree ("invoice_line_id") WHERE status <> 'REJECTED' and shortfall_of is null;--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD CONSTRAINT "ndis_claim_lines_paid" CHECK ("ndis_claim_lines"."paid_cents" is null or ("ndis_claim_lines"."paid_cents" >= 0 and "ndis_claim_lines"."paid_cents" <= "ndis_claim_lines"."amount_cents"));--> statement-breakpoint
ALTER TABLE "ndis_claim_lines" ADD CONSTRAINT "ndis_claim_lines_cash" CHECK ("ndis_claim_lines"."cash_cents" is null or "ndis_claim_lines"."cash_cents" >= 0);--> statement-breakpoint
-- Hand-written: lines marked PAID before this migration closed their invoices with the NDIA's money booked (Dr BANK), so their cash is the amount paid.
UPDATE "ndis_claim_lines" SET "cash_cents" = coalesce("paid_cents", "amount_cents"), "cash_received_at" = "updated_at", "cash_reference" = 'Recorded as paid before remittances were imported' WHERE "status" = 'PAID' AND "cash_cents" IS NULL;
