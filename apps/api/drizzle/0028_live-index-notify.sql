-- Hand-written (drizzle cannot say triggers), issue 18: the search indexes held in each API
-- process's memory (platform/live-index/live-table.ts) are told of every change by NOTIFY,
-- which PostgreSQL delivers when the change commits. The payload is the changed row's id; the
-- process reads that row again. Worker profiles and jobs notify on any change; accounts on the
-- columns that lists show or that decide who is listed (names and status).
CREATE FUNCTION "notify_worker_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tendly_worker_search', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "worker_profiles_notify_search" AFTER INSERT OR UPDATE OR DELETE ON "worker_profiles"
  FOR EACH ROW EXECUTE FUNCTION "notify_worker_search_change"();--> statement-breakpoint
CREATE FUNCTION "notify_job_board_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tendly_job_board', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_board" AFTER INSERT OR UPDATE OR DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "notify_job_board_change"();--> statement-breakpoint
CREATE FUNCTION "notify_listed_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tendly_account_listing', NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_notify_listing" AFTER UPDATE OF "first_name", "last_name", "status" ON "users"
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "notify_listed_account_change"();
