CREATE SEQUENCE "public"."invoice_payment_reference_seq" INCREMENT BY 1 MINVALUE 100000 MAXVALUE 9223372036854775807 START WITH 100000 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoice_payer_notices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "participant_ndis_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "funder_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "funder_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "funder_abn" text;--> statement-breakpoint
ALTER TABLE "invoice_payer_notices" ADD CONSTRAINT "invoice_payer_notices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_reference_key" ON "invoices" USING btree ("payment_reference");--> statement-breakpoint
-- Hand-written (issue 28). An invoice's payment reference is a base number from
-- invoice_payment_reference_seq followed by its Luhn check digit (the scheme of BPAY's MOD10V01
-- customer reference numbers); packages/domain/src/payment-reference.ts computes the same digit
-- to check what payers type, and a test checks that the two agree.
CREATE OR REPLACE FUNCTION payment_reference_of(base bigint) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT base::text || ((10 - (
    SELECT coalesce(sum(CASE WHEN position % 2 = 1 THEN (digit * 2) / 10 + (digit * 2) % 10 ELSE digit END), 0)
    FROM (SELECT substr(reverse(base::text), position, 1)::int AS digit, position FROM generate_series(1, length(base::text)) AS position) AS digits
  ) % 10) % 10)::text
$$;--> statement-breakpoint
-- Hand-written: the invoices issued before references existed get theirs in the order they were
-- issued (then by id), from 100000 up, the same on every database; the sequence continues after them.
UPDATE "invoices" SET "payment_reference" = payment_reference_of(numbered.base)
FROM (SELECT "id", 99999 + row_number() OVER (ORDER BY "issued_at", "id") AS base FROM "invoices" WHERE "kind" = 'INVOICE') AS numbered
WHERE "invoices"."id" = numbered."id";--> statement-breakpoint
SELECT setval('invoice_payment_reference_seq', greatest(100000, (SELECT count(*) + 99999 FROM "invoices" WHERE "kind" = 'INVOICE')), (SELECT count(*) > 0 FROM "invoices" WHERE "kind" = 'INVOICE'));--> statement-breakpoint
-- Hand-written: the participant's NDIS number and the plan manager or aged care provider of the
-- invoices already issued, from the care seeker's funding details as they are now (the best
-- record there is of them; new invoices copy them when they are issued).
UPDATE "invoices" SET
  "participant_ndis_number" = CASE WHEN "invoices"."funding_type" IN ('NDIS_SELF_MANAGED', 'NDIS_PLAN_MANAGED', 'NDIS_AGENCY_MANAGED') THEN details."ndis_number" END,
  "funder_name" = CASE WHEN "invoices"."funding_type" = 'NDIS_PLAN_MANAGED' THEN details."plan_manager_name" WHEN "invoices"."funding_type" IN ('HOME_CARE_PACKAGE', 'SUPPORT_AT_HOME') THEN details."aged_care_provider_name" END,
  "funder_email" = CASE WHEN "invoices"."funding_type" = 'NDIS_PLAN_MANAGED' THEN details."plan_manager_email" WHEN "invoices"."funding_type" IN ('HOME_CARE_PACKAGE', 'SUPPORT_AT_HOME') THEN details."aged_care_provider_email" END,
  "funder_abn" = CASE WHEN "invoices"."funding_type" = 'NDIS_PLAN_MANAGED' THEN details."plan_manager_abn" WHEN "invoices"."funding_type" IN ('HOME_CARE_PACKAGE', 'SUPPORT_AT_HOME') THEN details."aged_care_provider_abn" END
FROM "funding_details" AS details
WHERE details."user_id" = "invoices"."care_seeker_id";
