-- X-Client-ID → organization is cached beside the principals (lib/studio/auth/principal.ts):
-- changing or removing a client id anywhere empties every server's cache, as a key change does.
-- Inserts do not: a new client id was never cached.
CREATE TRIGGER client_ids_principals_changed
  AFTER UPDATE OR DELETE ON client_ids
  FOR EACH STATEMENT EXECUTE FUNCTION studio_principals_changed();
