// Readiness, beside liveness (/api/health): may a load balancer send this server traffic now?
// Each check answers "ok" or why not, within a bound, so a hung database fails the probe instead
// of hanging it.
import { sql } from "drizzle-orm";
import { whenBooted } from "@/lib/boot";
import { db, pendingMigrations } from "@/lib/db/client";

const CHECK_TIMEOUT_MS = 2_000;

export type Readiness = { ready: boolean; checks: Record<string, string> };

async function bounded(check: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch((error: unknown) => `failed: ${(error as Error).message}`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(): Promise<Readiness> {
  const started = await whenBooted(CHECK_TIMEOUT_MS);
  if (started !== "ok") return { ready: false, checks: { started } };
  const checks: Record<string, string> = {
    started,
    database: await bounded(async () => {
      await (await db()).execute(sql`SELECT 1`);
      return "ok";
    }),
    migrations: await bounded(async () => {
      const pending = await pendingMigrations();
      return pending.length ? `${pending.length} not applied: ${pending.join(", ")}` : "ok";
    }),
  };
  return { ready: Object.values(checks).every((value) => value === "ok"), checks };
}
