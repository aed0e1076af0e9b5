// Readiness, beside liveness (/api/health): may a load balancer send this server traffic now?
// Each check answers "ok" or why not, within a bound, so a hung database fails the probe instead
// of hanging it.
import { sql } from "drizzle-orm";
import { whenBooted } from "@/lib/boot";
import { db, pendingMigrations } from "@/lib/db/client";
import { unreachableChains } from "@/lib/studio/chain/list-chains";
import { redactSecrets } from "@/lib/observability/redact";

const CHECK_TIMEOUT_MS = 2_000;

/** `degraded`: ready, but a chain's node does not answer (its deposits and sends wait, nothing is lost). */
export type Readiness = { status: "ready" | "degraded" | "not_ready"; checks: Record<string, string> };

async function bounded(check: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch((error: unknown) => `failed: ${redactSecrets((error as Error).message)}`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(): Promise<Readiness> {
  const started = await whenBooted(CHECK_TIMEOUT_MS);
  if (started !== "ok") return { status: "not_ready", checks: { started } };
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
  if (Object.values(checks).some((value) => value !== "ok")) return { status: "not_ready", checks };
  checks.chains = await chainsCheck();
  return { status: checks.chains === "ok" ? "ready" : "degraded", checks };
}

/**
 * How long one probe of the chains' nodes answers every readiness request: however often /api/ready
 * is asked (by anyone: its public answer needs no token), each node gets at most one request per
 * this long, and requests that arrive while a probe runs wait for that one.
 */
const CHAIN_PROBE_REUSE_MS = 5_000;
// Per process, whichever bundle asks.
const probeHolder = globalThis as typeof globalThis & { __studioChainProbe?: { startedAt: number; answer: Promise<string> } };

/** "ok", or the RPC chains whose node does not answer; it never makes a server unready. */
export function chainsCheck(): Promise<string> {
  const last = probeHolder.__studioChainProbe;
  if (last && Date.now() - last.startedAt < CHAIN_PROBE_REUSE_MS) return last.answer;
  const answer = bounded(async () => {
    const unreachable = await unreachableChains();
    return unreachable.length ? `unreachable: ${unreachable.join(", ")}` : "ok";
  });
  probeHolder.__studioChainProbe = { startedAt: Date.now(), answer };
  return answer;
}
