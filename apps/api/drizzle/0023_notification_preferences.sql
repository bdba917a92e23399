CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "opt_out_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 17: the two email switches of issue 16 become topics; a switch left on needs no row.
INSERT INTO "notification_preferences" ("user_id", "topic", "in_app", "email")
SELECT "user_id", 'MESSAGES', true, false FROM "email_preferences" WHERE NOT "unread_messages";--> statement-breakpoint
INSERT INTO "notification_preferences" ("user_id", "topic", "in_app", "email")
SELECT "user_id", 'SHIFT_REMINDERS', true, false FROM "email_preferences" WHERE NOT "shift_reminders";
