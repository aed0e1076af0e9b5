// `npm run db:migrate`: applies the pending migrations to DATABASE_URL (or the PGlite folder in
// DATA_DIR) and exits, for deployments that migrate before they start new servers. `npm start`
// still migrates at start too; on PostgreSQL an advisory lock keeps concurrent runs apart.
import { closeDatabase, getDatabase, pendingMigrations } from "@/lib/db/client";
import { effectiveSettings } from "@/lib/env";

async function main(): Promise<number> {
  console.log(`[db:migrate] ${effectiveSettings()}`);
  try {
    await getDatabase();
    const pending = await pendingMigrations();
    if (pending.length) throw new Error(`still not applied: ${pending.join(", ")}`);
    console.log("[db:migrate] the database schema is current");
    return 0;
  } catch (error) {
    console.error("[db:migrate] failed", error);
    return 1;
  } finally {
    await closeDatabase().catch(() => undefined);
  }
}

process.exitCode = await main();
