-- The admin audit log is append-only below the app too: no row is updated or deleted, by the app or by a mistaken
-- query. The one change allowed is the foreign key's own: an actor's account deleted sets actor_id to null (the
-- row keeps actor_username).
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
    AND (NEW.id, NEW.actor_username, NEW.action, NEW.target_type, NEW.target_id, NEW.summary, NEW.detail,
      NEW.created_at, NEW.updated_at)
    IS NOT DISTINCT FROM (OLD.id, OLD.actor_username, OLD.action, OLD.target_type, OLD.target_id, OLD.summary,
      OLD.detail, OLD.created_at, OLD.updated_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();
