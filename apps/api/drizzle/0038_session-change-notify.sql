-- Hand-written (drizzle cannot say triggers), issue 33: each API process keeps the sessions it
-- has verified for a few seconds (platform/auth/session-cache.ts). Whatever could stop a session
-- from authenticating, or change who it presents, sends the id of the person concerned on
-- 'tendly_session_change' when it commits, and every process forgets that person's sessions:
-- a session revoked, deleted or cut short; an account's sign-in details, role or status
-- changed; a worker profile's status changed; a coordinator's link to a client changed (alias
-- sessions need it ACTIVE). Sliding a session (a later expiry, a new last use) sends nothing.
-- The triggers are on the tables, not in the services, so no way of changing them is missed.
CREATE FUNCTION "notify_session_change_of_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.revoked_at IS NOT DISTINCT FROM NEW.revoked_at
    AND NEW.expires_at >= OLD.expires_at
    AND OLD.token_hash = NEW.token_hash
    AND OLD.user_id = NEW.user_id
    AND OLD.kind = NEW.kind
    AND OLD.acting_user_id IS NOT DISTINCT FROM NEW.acting_user_id
    AND OLD.parent_session_id IS NOT DISTINCT FROM NEW.parent_session_id THEN
    RETURN NULL;
  END IF;
  -- An alias session's user_id is its coordinator's: forgetting the coordinator's sessions
  -- forgets the alias sessions started from theirs too.
  PERFORM pg_notify('tendly_session_change', OLD.user_id::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
    PERFORM pg_notify('tendly_session_change', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_session_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change_of_session"();--> statement-breakpoint
CREATE FUNCTION "notify_session_change_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.email = NEW.email
    AND OLD.first_name = NEW.first_name
    AND OLD.last_name = NEW.last_name
    AND OLD.phone IS NOT DISTINCT FROM NEW.phone
    AND OLD.role = NEW.role
    AND OLD.status = NEW.status
    AND OLD.email_verified_at IS NOT DISTINCT FROM NEW.email_verified_at
    AND OLD.password_hash = NEW.password_hash
    AND OLD.organisation IS NOT DISTINCT FROM NEW.organisation
    AND OLD.freshchat_id IS NOT DISTINCT FROM NEW.freshchat_id
    AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('tendly_session_change', OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_notify_session_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change_of_user"();--> statement-breakpoint
CREATE FUNCTION "notify_session_change_of_worker_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('tendly_session_change', (CASE WHEN TG_OP = 'INSERT' THEN NEW.user_id ELSE OLD.user_id END)::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
    PERFORM pg_notify('tendly_session_change', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "worker_profiles_notify_session_change" AFTER INSERT OR UPDATE OR DELETE ON "worker_profiles"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change_of_worker_profile"();--> statement-breakpoint
CREATE FUNCTION "notify_session_change_of_coordinator_link"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.coordinator_id = NEW.coordinator_id AND OLD.client_id = NEW.client_id THEN
    RETURN NULL;
  END IF;
  -- Alias sessions are the coordinator's (user_id): forgetting theirs is enough.
  PERFORM pg_notify('tendly_session_change', (CASE WHEN TG_OP = 'INSERT' THEN NEW.coordinator_id ELSE OLD.coordinator_id END)::text);
  IF TG_OP = 'UPDATE' AND NEW.coordinator_id <> OLD.coordinator_id THEN
    PERFORM pg_notify('tendly_session_change', NEW.coordinator_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "support_coordinator_links_notify_session_change" AFTER INSERT OR UPDATE OR DELETE ON "support_coordinator_links"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change_of_coordinator_link"();
