-- The admin console's people search (issue 12): part of a name, an email address or a phone
-- number, over every account (100,000 and more). One trigram index on one expression answers
-- LIKE '%text%' for all three; queries must use exactly this expression (see
-- features/admin/admin-people-repository.ts). Hand-written because drizzle cannot put an operator
-- class on an expression.
CREATE INDEX IF NOT EXISTS "users_admin_search_trgm_idx" ON "users"
  USING gin ((lower("first_name" || ' ' || "last_name") || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);
--> statement-breakpoint
-- The people list without a search: newest accounts first.
CREATE INDEX IF NOT EXISTS "users_created_at_idx" ON "users" ("created_at" DESC, "id" DESC);
