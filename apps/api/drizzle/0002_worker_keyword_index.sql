-- Keyword search over a worker's headline and bio (pg_trgm: ILIKE '%word%' and similarity).
-- Hand-written because drizzle cannot put an operator class on an expression. Queries must use
-- this exact expression to use the index.
CREATE INDEX IF NOT EXISTS "worker_profiles_text_trgm_idx" ON "worker_profiles"
  USING gin ((coalesce("headline", '') || ' ' || coalesce("bio", '')) gin_trgm_ops);
