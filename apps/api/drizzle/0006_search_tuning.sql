DROP INDEX "worker_profiles_available_days_idx";--> statement-breakpoint
DROP INDEX "worker_profiles_text_search_idx";--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "place_cell" integer GENERATED ALWAYS AS ((floor(latitude * 10)::int + 900) * 4000 + (floor(longitude * 10)::int + 1800)) STORED;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "match_recency_key" double precision GENERATED ALWAYS AS ((5 * ((police_check_verified_at is not null)::int + (ndis_screening_verified_at is not null)::int + (wwcc_verified_at is not null)::int) + 2 * ((coalesce(rating, 0)::float8 * review_count + 12) / (review_count + 3))) + 10::float8 / 90 * (((last_active_at at time zone 'Australia/Sydney')::date) - date '2000-01-01')) STORED;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "search_text" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(headline, '') || ' ' || coalesce(bio, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "worker_profiles_search_text_idx" ON "worker_profiles" USING gin ("search_text");--> statement-breakpoint
CREATE INDEX "worker_profiles_search_recency_idx" ON "worker_profiles" USING btree ("match_recency_key" DESC NULLS LAST,"user_id") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "worker_profiles_search_place_idx" ON "worker_profiles" USING btree ("place_cell") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
-- Hand-written: the vocabulary triggers of 0005 kept only all-letter words with a regular
-- expression, which cost as much as the rest of the trigger; words of 3 to 40 characters are
-- kept now (keyword search only ever corrects all-letter words, so the others do no harm).
CREATE OR REPLACE FUNCTION "worker_search_words_from_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "worker_search_words" ("word")
  SELECT DISTINCT w.lexeme
  FROM "inserted_profiles" p,
       unnest(to_tsvector('simple', coalesce(p."headline", '') || ' ' || coalesce(p."bio", ''))) AS w
  WHERE length(w.lexeme) BETWEEN 3 AND 40
  ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "worker_search_words_from_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "worker_search_words" ("word")
  SELECT DISTINCT w.lexeme
  FROM "new_profiles" n
       JOIN "old_profiles" o ON o."user_id" = n."user_id",
       unnest(to_tsvector('simple', coalesce(n."headline", '') || ' ' || coalesce(n."bio", ''))) AS w
  WHERE (n."headline" IS DISTINCT FROM o."headline" OR n."bio" IS DISTINCT FROM o."bio")
    AND length(w.lexeme) BETWEEN 3 AND 40
  ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Hand-written: finer statistics of the grid cells (up to 1,000 of the most populous), so that
-- the planner's count of workers near a place is close to the truth.
ALTER TABLE "worker_profiles" ALTER COLUMN "place_cell" SET STATISTICS 1000;
