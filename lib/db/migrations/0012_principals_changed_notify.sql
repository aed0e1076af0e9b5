-- Every app server caches API key principals for a few seconds (lib/studio/auth/principal.ts) and
-- LISTENs on studio_principals: any committed change to what a principal is made of (a key
-- revoked or moved, a user's permissions or status, an organization's name, a deletion) notifies
-- them all, whichever process made it. Stamping api_keys.last_used_at and bumping an
-- organization's counters do not: they would empty every cache every minute.
CREATE OR REPLACE FUNCTION studio_principals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('studio_principals', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_principals_changed
  AFTER UPDATE OF key_hash, user_uid, org_id, revoked_at OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION studio_principals_changed();
--> statement-breakpoint
CREATE TRIGGER users_principals_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION studio_principals_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_principals_changed
  AFTER UPDATE OF name OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION studio_principals_changed();
