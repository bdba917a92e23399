ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'REMITTANCE_PDF';--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'PAYOUT_ABA_FILE';--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'NDIS_CLAIM_FILE';--> statement-breakpoint
CREATE TABLE "invoice_funder_notices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"funder_name" text,
	"funder_email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "owner_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_funder_notices" ADD CONSTRAINT "invoice_funder_notices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;