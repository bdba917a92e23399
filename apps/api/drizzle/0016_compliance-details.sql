CREATE TABLE "compliance_section_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"section" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"saved_by_user_id" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_section_versions_unique" UNIQUE("care_seeker_id","section","version")
);
--> statement-breakpoint
ALTER TABLE "compliance_section_versions" ADD CONSTRAINT "compliance_section_versions_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_section_versions" ADD CONSTRAINT "compliance_section_versions_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_section_versions_seeker_idx" ON "compliance_section_versions" USING btree ("care_seeker_id","section");