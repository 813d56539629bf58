-- Every committed change that can alter search results, a viewer's bookmarks or a user's standing
-- (account or sessions) is announced on the channel 'quadmates_changes', so each server's caches
-- hear of it, whoever made the change (see src/server/db/changes.ts and docs/decisions/0006).
CREATE FUNCTION quadmates_announce_postings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quadmates_changes', 'postings');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION quadmates_announce_bookmark_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('quadmates_changes', 'bookmarks');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('quadmates_changes', 'bookmarks:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('quadmates_changes', 'bookmarks:' || NEW.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('quadmates_changes', 'bookmarks:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION quadmates_announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('quadmates_changes', 'users');
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('quadmates_changes', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('quadmates_changes', 'user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_announce_change AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_user_change();--> statement-breakpoint
CREATE TRIGGER user_announce_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_user_change();--> statement-breakpoint
CREATE TRIGGER session_announce_change AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_user_change();--> statement-breakpoint
CREATE TRIGGER session_announce_truncate AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_user_change();--> statement-breakpoint
CREATE TRIGGER posting_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posting"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_postings_change();--> statement-breakpoint
CREATE TRIGGER posting_image_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posting_image"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_postings_change();--> statement-breakpoint
CREATE TRIGGER ping_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ping"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_postings_change();--> statement-breakpoint
CREATE TRIGGER bookmark_announce_change AFTER INSERT OR UPDATE OR DELETE ON "bookmark"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_bookmark_change();--> statement-breakpoint
CREATE TRIGGER bookmark_announce_truncate AFTER TRUNCATE ON "bookmark"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_bookmark_change();
