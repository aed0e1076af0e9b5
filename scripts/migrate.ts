// `npm run db:migrate`: applies the pending migrations to DATABASE_URL (or the PGlite folder in
// DATA_DIR) and exits, for deployments that migrate before they start new servers. `npm start`
// still migrates at start too; on PostgreSQL an advisory lock keeps concurrent runs apart.
import { closeDatabase, getDatabase, pendingMigrations } from "@/lib/db/client";
import { effectiveSettings } from "@/lib/env";
import { log } from "@/lib/observability/log";

async function main(): Promise<number> {
  log.info(`db:migrate: effective settings: ${effectiveSettings()}`);
  try {
    await getDatabase();
    const pending = await pendingMigrations();
    if (pending.length) throw new Error(`still not applied: ${pending.join(", ")}`);
    log.info("db:migrate: the database schema is current");
    return 0;
  } catch (error) {
    log.error({ err: error }, "db:migrate: failed");
    return 1;
  } finally {
    await closeDatabase().catch(() => undefined);
  }
}

process.exitCode = await main();
