-- Extensions used by search: earthdistance (radius search; needs cube) and pg_trgm (keyword and
-- suburb matching). PGlite and Debian's PostgreSQL both ship them.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
