ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'REMITTANCE_PDF';--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'PAYOUT_ABA_FILE';--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'NDIS_CLAIM_FILE';--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "owner_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;