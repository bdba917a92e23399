CREATE TABLE "wallet_budgets" (
	"participant_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_budgets_participant_id_category_pk" PRIMARY KEY("participant_id","category"),
	CONSTRAINT "wallet_budgets_amount" CHECK ("wallet_budgets"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"period_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_notices_kind" CHECK ("wallet_notices"."kind" in ('EIGHTY_PERCENT', 'RUNS_OUT'))
);
--> statement-breakpoint
ALTER TABLE "wallet_budgets" ADD CONSTRAINT "wallet_budgets_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_notices" ADD CONSTRAINT "wallet_notices_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_notices_once_key" ON "wallet_notices" USING btree ("participant_id","kind","category","period_key");