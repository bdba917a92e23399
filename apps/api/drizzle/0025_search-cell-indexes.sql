-- Hand-written (drizzle cannot say INCLUDE), issue 18: radius search read cell by cell
-- (features/search/cell-walk.ts). Within a grid cell (place_cell), each of the search's three
-- orders, the id breaking ties, covering what a radius search with skills filters and scores on
-- (the point, the skills, and for best match the stored quality), so that a cell's first few
-- matches are read from the index alone rather than every worker in the radius being read,
-- scored and sorted. The predicate's own column is included too: without it PostgreSQL will not
-- use an index-only scan once a filter is added.
CREATE INDEX "worker_profiles_cell_recency_idx" ON "worker_profiles" USING btree ("place_cell","match_recency_key" DESC NULLS LAST,"user_id") INCLUDE ("status","latitude","longitude","skills","match_quality") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "worker_profiles_cell_joined_idx" ON "worker_profiles" USING btree ("place_cell","joined_at" DESC NULLS LAST,"user_id") INCLUDE ("status","latitude","longitude","skills") WHERE "worker_profiles"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "worker_profiles_cell_last_active_idx" ON "worker_profiles" USING btree ("place_cell","last_active_at" DESC NULLS LAST,"user_id") INCLUDE ("status","latitude","longitude","skills") WHERE "worker_profiles"."status" = 'ACTIVE';
