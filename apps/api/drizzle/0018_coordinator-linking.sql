ALTER TYPE "public"."coordinator_link_status" ADD VALUE 'DECLINED';--> statement-breakpoint
ALTER TYPE "public"."coordinator_link_status" ADD VALUE 'REVOKED';--> statement-breakpoint
ALTER TABLE "support_coordinator_links" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_coordinator_links" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funding_details" ADD COLUMN "funding_type" text;--> statement-breakpoint
UPDATE "support_coordinator_links" SET "requested_at" = "created_at";