import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { broadcastPendingSends } from "@/lib/studio/chain/sends";
import { scanRpcChains } from "@/lib/studio/chain/evm/scanner";
import { trackRpcSends } from "@/lib/studio/chain/evm/send-tracker";
import { releaseChainLeases } from "@/lib/studio/chain/evm/chain-lease";
import { purgeIdempotencyKeys } from "@/lib/studio/http/idempotency";
import { rateLimitStore } from "@/lib/rate-limit";
import { WORKFLOW_OWNERS } from "@/lib/studio/workflow/owners";
import { unitOfWork } from "@/lib/studio/core/unit-of-work";
import type { Intent, OwnerTable } from "@/lib/studio/workflow/owner";
import { SYSTEM_OPERATOR, transition } from "@/lib/studio/workflow/transition";
import { queueDueRemindersEveryMinute } from "@/lib/studio/emails/reminders";
import type { invoices } from "@/lib/studio/db/invoices-schema";
import { log, logError } from "@/lib/observability/log";

const BATCH = 100;

/**
 * Expires approved invoices and payouts, and pending standalone payment intents, whose payment
 * deadline has passed with no funds. One indexed query per owner and tick (the partial index on
 * pending payment intents); SKIP LOCKED lets several sweepers, and a payment being recorded for
 * the same record, proceed without waiting on or repeating each other. Returns how many records it expired.
 */
export async function sweepExpired(now: Date = new Date()): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let expired = 0;
  for (const owner of WORKFLOW_OWNERS) {
    // Both owner tables share the columns used here; drizzle cannot type a query over a union of tables.
    const table = owner.table as typeof invoices;
    expired += await unitOfWork(async (tx) => {
      const due = await tx
        .select({ row: table, paymentIntent: paymentIntents })
        .from(paymentIntents)
        .innerJoin(table, eq(table.paymentIntentId, paymentIntents.id))
        .where(and(eq(paymentIntents.status, "pending"), lt(paymentIntents.paymentDeadline, nowSeconds)))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const current of due) {
        await transition(tx, owner, {
          current: current as Intent<OwnerTable>,
          action: "expire",
          operatorUid: SYSTEM_OPERATOR,
          reason: "payment deadline passed with no funds",
          now,
        });
      }
      return due.length;
    });
  }
  return expired;
}

/**
 * One round of background work: expiries, RPC chains' deposits (a range each) and broadcast
 * sends (confirmed, failed or replaced), chain sends a crash left pending, idempotency purge, and rate-limit counters of keys idle long enough to
 * have their whole burst back, and invoice reminder e-mails (once a minute). Returns whether more may be waiting (a full batch expired, a
 * scanner is behind its node's head, or sends went out).
 */
export async function backgroundRound(now: Date = new Date()): Promise<boolean> {
  const expired = await sweepExpired(now);
  const scans = await scanRpcChains(now);
  for (const scan of scans) if (scan.error) log.error({ chain: scan.chainId, reason: scan.error }, "chain scan failed, retrying later");
  // Each chain's scanner and tracker run in one process at a time (their leases); the other
  // processes skip them. Broadcast sends are followed before pending ones go out: a mined gas top-up frees its send.
  for (const track of await trackRpcSends(now)) if (track.error) log.error({ chain: track.chainId, reason: track.error }, "following chain sends failed");
  const sent = await broadcastPendingSends();
  await unitOfWork((tx) => purgeIdempotencyKeys(tx, now));
  await rateLimitStore().purgeIdle();
  await queueDueRemindersEveryMinute(now);
  const behind = scans.some((scan) => !scan.error && !scan.backingOff && scan.scanned < scan.head);
  return expired === BATCH || behind || sent > 0;
}

/** Sweeps every `intervalMs` until stopped; a tick never overlaps the previous one. */
export function startSweeper(intervalMs: number, log: (message: string, error?: unknown) => void = logError) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // A full batch means more may be due: keep going rather than wait a whole interval.
      while (!stopped && (await backgroundRound()));
    } catch (error) {
      log("background sweep failed", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((resolve) => setTimeout(resolve, 20));
      // Another process takes this one's chains over at once instead of when their leases run out.
      await releaseChainLeases().catch((error: unknown) => log("releasing the chain leases failed", error));
    },
  };
}
