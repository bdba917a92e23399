CREATE TABLE "shortlist_items" (
	"user_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_items_user_id_worker_id_pk" PRIMARY KEY("user_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "worker_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_by_user_id" uuid,
	"worker_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_first_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_reviews_rating_range" CHECK ("worker_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "worker_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "available_days" text[] GENERATED ALWAYS AS (array_remove(array[case when (availability -> 'mon') @> '{"morning": true}' or (availability -> 'mon') @> '{"afternoon": true}' or (availability -> 'mon') @> '{"evening": true}' then 'mon' end, case when (availability -> 'tue') @> '{"morning": true}' or (availability -> 'tue') @> '{"afternoon": true}' or (availability -> 'tue') @> '{"evening": true}' then 'tue' end, case when (availability -> 'wed') @> '{"morning": true}' or (availability -> 'wed') @> '{"afternoon": true}' or (availability -> 'wed') @> '{"evening": true}' then 'wed' end, case when (availability -> 'thu') @> '{"morning": true}' or (availability -> 'thu') @> '{"afternoon": true}' or (availability -> 'thu') @> '{"evening": true}' then 'thu' end, case when (availability -> 'fri') @> '{"morning": true}' or (availability -> 'fri') @> '{"afternoon": true}' or (availability -> 'fri') @> '{"evening": true}' then 'fri' end, case when (availability -> 'sat') @> '{"morning": true}' or (availability -> 'sat') @> '{"afternoon": true}' or (availability -> 'sat') @> '{"evening": true}' then 'sat' end, case when (availability -> 'sun') @> '{"morning": true}' or (availability -> 'sun') @> '{"afternoon": true}' or (availability -> 'sun') @> '{"evening": true}' then 'sun' end]::text[], null)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "match_quality" double precision GENERATED ALWAYS AS (5 * ((police_check_verified_at is not null)::int + (ndis_screening_verified_at is not null)::int + (wwcc_verified_at is not null)::int) + 2 * ((coalesce(rating, 0)::float8 * review_count + 12) / (review_count + 3))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_enquiries" ADD CONSTRAINT "worker_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_enquiries" ADD CONSTRAINT "worker_enquiries_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_enquiries" ADD CONSTRAINT "worker_enquiries_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD CONSTRAINT "worker_reviews_worker_id_worker_profiles_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_reviews" ADD CONSTRAINT "worker_reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_items_user_id_created_at_idx" ON "shortlist_items" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shortlist_items_worker_id_idx" ON "shortlist_items" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "worker_enquiries_user_id_created_at_idx" ON "worker_enquiries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "worker_enquiries_worker_id_created_at_idx" ON "worker_enquiries" USING btree ("worker_id","created_at");--> statement-breakpoint
CREATE INDEX "worker_enquiries_sent_by_user_id_idx" ON "worker_enquiries" USING btree ("sent_by_user_id");--> statement-breakpoint
CREATE INDEX "worker_reviews_worker_id_created_at_idx" ON "worker_reviews" USING btree ("worker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_reviews_author_user_id_idx" ON "worker_reviews" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "worker_search_words_word_trgm_idx" ON "worker_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("id") WHERE "users"."status" = 'DEACTIVATED';--> statement-breakpoint
CREATE INDEX "worker_profiles_qualifications_idx" ON "worker_profiles" USING gin ("qualifications");--> statement-breakpoint
CREATE INDEX "worker_profiles_available_days_idx" ON "worker_profiles" USING gin ("available_days");--> statement-breakpoint
CREATE INDEX "worker_profiles_text_search_idx" ON "worker_profiles" USING gin (to_tsvector('english', coalesce("headline", '') || ' ' || coalesce("bio", '')));--> statement-breakpoint
CREATE INDEX "worker_profiles_search_last_active_idx" ON "worker_profiles" USING btree ("last_active_at" DESC NULLS LAST,"user_id") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "worker_profiles_search_joined_idx" ON "worker_profiles" USING btree ("joined_at" DESC NULLS LAST,"user_id") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "worker_profiles_search_quality_idx" ON "worker_profiles" USING btree ("match_quality" DESC NULLS LAST,"user_id") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
-- Hand-written: keyword search's vocabulary (worker_search_words, see schema/search.ts) is every
-- word of every headline and bio, collected by statement triggers so that one INSERT ... SELECT
-- of many profiles costs one pass. An update only adds words when the headline or bio changed.
CREATE FUNCTION "worker_search_words_from_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "worker_search_words" ("word")
  SELECT DISTINCT w.lexeme
  FROM "inserted_profiles" p,
       unnest(to_tsvector('simple', coalesce(p."headline", '') || ' ' || coalesce(p."bio", ''))) AS w
  WHERE w.lexeme ~ '^[[:alpha:]]{3,40}$'
  ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "worker_search_words_from_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "worker_search_words" ("word")
  SELECT DISTINCT w.lexeme
  FROM "new_profiles" n
       JOIN "old_profiles" o ON o."user_id" = n."user_id",
       unnest(to_tsvector('simple', coalesce(n."headline", '') || ' ' || coalesce(n."bio", ''))) AS w
  WHERE (n."headline" IS DISTINCT FROM o."headline" OR n."bio" IS DISTINCT FROM o."bio")
    AND w.lexeme ~ '^[[:alpha:]]{3,40}$'
  ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "worker_profiles_search_words_insert" AFTER INSERT ON "worker_profiles"
  REFERENCING NEW TABLE AS "inserted_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "worker_search_words_from_inserted"();--> statement-breakpoint
CREATE TRIGGER "worker_profiles_search_words_update" AFTER UPDATE ON "worker_profiles"
  REFERENCING OLD TABLE AS "old_profiles" NEW TABLE AS "new_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "worker_search_words_from_updated"();--> statement-breakpoint
INSERT INTO "worker_search_words" ("word")
SELECT DISTINCT w.lexeme
FROM "worker_profiles" p,
     unnest(to_tsvector('simple', coalesce(p."headline", '') || ' ' || coalesce(p."bio", ''))) AS w
WHERE w.lexeme ~ '^[[:alpha:]]{3,40}$'
ON CONFLICT ("word") DO NOTHING;
