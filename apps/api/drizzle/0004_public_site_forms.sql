CREATE TYPE "public"."form_kind" AS ENUM('feedback', 'complaint', 'incident', 'contact', 'quick-request', 'referral');--> statement-breakpoint
CREATE TYPE "public"."newsletter_user_type" AS ENUM('careseeker', 'careworker', 'industryProfessional');--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" "form_kind" NOT NULL,
	"data" jsonb NOT NULL,
	"email" text,
	"user_id" uuid,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_type" "newsletter_user_type" NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_user_type_key" UNIQUE("email","user_type"),
	CONSTRAINT "newsletter_subscriptions_email_lower_case" CHECK ("newsletter_subscriptions"."email" = lower("newsletter_subscriptions"."email"))
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_created_at_idx" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_kind_created_at_idx" ON "form_submissions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_user_id_idx" ON "form_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "worker_profiles_card_idx" ON "worker_profiles" USING btree ("user_id") WHERE "worker_profiles"."status" = 'ACTIVE' and "worker_profiles"."avatar_url" <> '' and btrim("worker_profiles"."bio") <> '' and "worker_profiles"."locality_id" is not null;