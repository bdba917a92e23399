CREATE TABLE "test_provider_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_id" text,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_charges_status" CHECK ("test_provider_charges"."status" in ('succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ALTER COLUMN "status_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_charges_ref_key" ON "test_provider_charges" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "test_provider_charges_payment_idx" ON "test_provider_charges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE status = 'PENDING';