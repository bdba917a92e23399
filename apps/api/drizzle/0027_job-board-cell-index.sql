-- Hand-written (drizzle cannot say INCLUDE), issue 18: the job board within a radius read cell by
-- cell from the index alone. Within a grid cell (place_cell), the board's newest order (the id
-- breaking ties), covering every column the board filters on (the point, the skills, the days,
-- who pays) and the predicate's own columns (without them PostgreSQL will not use an index-only
-- scan once a filter is added). The total of a radius search (X-Total-Count, up to 1,001 jobs)
-- was a bitmap scan that read each job's row from the heap: thousands of random reads a search.
CREATE INDEX "jobs_board_cell_posted_idx" ON "jobs" USING btree ("place_cell","posted_at" DESC NULLS LAST,"id") INCLUDE ("status","disable_job_board_posting","latitude","longitude","support_type","available_days","paying_for_care_type") WHERE status = 'OPEN' and not disable_job_board_posting;
