import "server-only";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions every PGlite handle on a Studio folder loads: the migrations create pg_trgm (the
 * invoice search's trigram index), and a handle without it cannot write or plan over that index.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
