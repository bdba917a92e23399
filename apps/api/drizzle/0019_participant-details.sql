ALTER TABLE "funding_details" ADD COLUMN "participant_first_name" text;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "participant_last_name" text;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "plan_start_date" date;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "plan_end_date" date;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "plan_manager_abn" text;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "aged_care_provider_abn" text;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "invoice_address" text;