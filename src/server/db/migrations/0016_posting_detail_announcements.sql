-- Each posting's detail answer is kept in memory (src/server/postings/detail-cache.ts), so every
-- committed change to what it is made of is announced by posting: 'posting:<id>' when the posting,
-- its images, its pings or its member rows change, 'sharing:<user>' when what a student shares as a
-- group member changes; a TRUNCATE announces 'posting' or 'sharing' (all of them). A new posting is
-- not announced: no server can hold an answer for a posting that did not exist. Account names and
-- e-mails are announced already ('user:<id>', migration 0002). See docs/decisions/0006.
CREATE FUNCTION quadmates_announce_posting_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('quadmates_changes', 'posting');
  ELSIF TG_TABLE_NAME = 'posting' THEN
    PERFORM pg_notify('quadmates_changes', 'posting:' || OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('quadmates_changes', 'posting:' || OLD.posting_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('quadmates_changes', 'posting:' || NEW.posting_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION quadmates_announce_sharing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('quadmates_changes', 'sharing');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('quadmates_changes', 'sharing:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('quadmates_changes', 'sharing:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posting_announce_detail AFTER UPDATE OR DELETE ON "posting"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER posting_announce_detail_truncate AFTER TRUNCATE ON "posting"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER posting_image_announce_detail AFTER INSERT OR UPDATE OR DELETE ON "posting_image"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER posting_image_announce_detail_truncate AFTER TRUNCATE ON "posting_image"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER ping_announce_detail AFTER INSERT OR UPDATE OR DELETE ON "ping"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER ping_announce_detail_truncate AFTER TRUNCATE ON "ping"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER posting_member_announce_detail AFTER INSERT OR UPDATE OR DELETE ON "posting_member"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER posting_member_announce_detail_truncate AFTER TRUNCATE ON "posting_member"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_posting_detail();--> statement-breakpoint
CREATE TRIGGER member_sharing_announce_change AFTER INSERT OR UPDATE OR DELETE ON "member_sharing"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_sharing_change();--> statement-breakpoint
CREATE TRIGGER member_sharing_announce_truncate AFTER TRUNCATE ON "member_sharing"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_sharing_change();
