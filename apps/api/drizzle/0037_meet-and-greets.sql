-- Issue 31 item 11: meet and greets, a free short meeting before any agreement; its own table, never a shift, never billed.
CREATE TABLE "meet_and_greets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_seeker_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"state" "state_code" NOT NULL,
	"time_zone" text NOT NULL,
	"mode" text NOT NULL,
	"suburb" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"chosen_option" smallint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"response_note" text DEFAULT '' NOT NULL,
	"responded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_side" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_and_greets_status_check" CHECK ("meet_and_greets"."status" in ('REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED')),
	CONSTRAINT "meet_and_greets_mode_check" CHECK ("meet_and_greets"."mode" in ('IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL')),
	CONSTRAINT "meet_and_greets_accepted_has_time" CHECK ("meet_and_greets"."status" <> 'ACCEPTED' or ("meet_and_greets"."starts_at" is not null and "meet_and_greets"."ends_at" > "meet_and_greets"."starts_at"))
);
--> statement-breakpoint
ALTER TABLE "meet_and_greets" ADD CONSTRAINT "meet_and_greets_care_seeker_id_users_id_fk" FOREIGN KEY ("care_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_and_greets" ADD CONSTRAINT "meet_and_greets_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_and_greets" ADD CONSTRAINT "meet_and_greets_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meet_and_greets_worker_idx" ON "meet_and_greets" USING btree ("worker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meet_and_greets_care_seeker_idx" ON "meet_and_greets" USING btree ("care_seeker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meet_and_greets_worker_accepted_idx" ON "meet_and_greets" USING btree ("worker_id","starts_at") WHERE status = 'ACCEPTED';