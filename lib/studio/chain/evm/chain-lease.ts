import "server-only";
// One process at a time runs a chain's scanner, and one its send tracker, however many servers
// (SWEEPER=1) and workers share the database: each round takes the chain's lease for the job, or
// renews it, or leaves the chain to the process that holds it. A lease is a row, not an advisory
// lock: it holds across PgBouncer's transaction mode (a session lock would stay on whichever server
// connection took it) and on PGlite, and it runs out by itself when its holder dies, so another
// process takes the chain over within CHAIN_LEASE_MS. Its token grows at each change of holder;
// the writes a job makes under its lease check it in their own transaction, so a holder that
// lost the lease (paused past its expiry, cut off from the database) writes nothing.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/lib/db/client";
import { chainTuning } from "@/lib/env";

export type ChainJob = "scanner" | "send_tracker";
export type ChainLease = { chainId: string; job: ChainJob; token: number; holder: string; ttlMs: number; renewedAt: number };

export class LeaseLostError extends Error {
  constructor(lease: ChainLease) {
    super(`the ${lease.job} lease of chain ${lease.chainId} (token ${lease.token}) was taken over by another process`);
    this.name = "LeaseLostError";
  }
}

// On globalThis: a module reload (the dev server, the tests' fresh module graphs) is the same process.
const processState = globalThis as typeof globalThis & { __studioLeaseHolder?: string };

/** This process's name as a lease holder: host, pid and a random part (pids are reused). */
export function leaseHolder(): string {
  processState.__studioLeaseHolder ??= `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return processState.__studioLeaseHolder;
}

/**
 * Takes `job` of `chainId` when its lease is free or expired, or renews it when this holder has
 * it; undefined while another holder's lease runs. One statement, timed by the database's clock,
 * so the processes' clocks do not matter.
 */
export async function takeChainLease(
  chainId: string,
  job: ChainJob,
  { holder = leaseHolder(), ttlMs = chainTuning.CHAIN_LEASE_MS }: { holder?: string; ttlMs?: number } = {},
): Promise<ChainLease | undefined> {
  const database = await db();
  const result = (await database.execute(sql`
    INSERT INTO chain_leases (chain_id, job, holder, token, expires_at)
    VALUES (${chainId}, ${job}, ${holder}, 1, now() + ${ttlMs} * interval '1 millisecond')
    ON CONFLICT (chain_id, job) DO UPDATE SET
      token = CASE WHEN chain_leases.holder = excluded.holder THEN chain_leases.token ELSE chain_leases.token + 1 END,
      holder = excluded.holder,
      expires_at = excluded.expires_at
    WHERE chain_leases.holder = excluded.holder OR chain_leases.expires_at < now()
    RETURNING token`)) as unknown as { rows: Array<{ token: string | number }> };
  const row = result.rows[0];
  return row ? { chainId, job, holder, token: Number(row.token), ttlMs, renewedAt: Date.now() } : undefined;
}

/**
 * Within a long round: renews `lease` once a third of its time has passed, so a busy holder keeps
 * its chain (a round over many sends may outlast the lease); throws LeaseLostError when another
 * process has taken it meanwhile.
 */
export async function keepLease(lease: ChainLease): Promise<void> {
  if (Date.now() - lease.renewedAt < lease.ttlMs / 3) return;
  const renewed = await takeChainLease(lease.chainId, lease.job, { holder: lease.holder, ttlMs: lease.ttlMs });
  if (!renewed || renewed.token !== lease.token) throw new LeaseLostError(lease);
  lease.renewedAt = renewed.renewedAt;
}

/**
 * A condition for a write made under `lease`: true while the lease still carries its token. It
 * locks the lease row (FOR SHARE) until the write's transaction ends, so a take-over waits for the
 * write, and a write after a take-over finds the new token and changes nothing.
 */
export function underLease(lease: ChainLease) {
  return sql`EXISTS (SELECT 1 FROM chain_leases WHERE chain_id = ${lease.chainId} AND job = ${lease.job} AND token = ${lease.token} FOR SHARE)`;
}

/** Inside a transaction: throws LeaseLostError unless `lease` still holds, and keeps it held until the transaction ends. */
export async function requireLease(tx: DbOrTx, lease: ChainLease): Promise<void> {
  const result = (await tx.execute(
    sql`SELECT token FROM chain_leases WHERE chain_id = ${lease.chainId} AND job = ${lease.job} AND token = ${lease.token} FOR SHARE`,
  )) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw new LeaseLostError(lease);
}

/** Gives up this process's leases at once (a clean shutdown), so another process need not wait for them to run out. */
export async function releaseChainLeases(holder: string = leaseHolder()): Promise<void> {
  const database = await db();
  await database.execute(sql`UPDATE chain_leases SET expires_at = now() - interval '1 millisecond' WHERE holder = ${holder}`);
}
