import { and, eq, lt } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { invoices, paymentIntents } from "@/lib/studio/db/schema";
import { transitionInvoice } from "@/lib/studio/invoices/queries";

const BATCH = 100;

/**
 * Expires approved invoices whose payment deadline has passed with no funds. One indexed query per
 * tick (the partial index on pending payment intents); SKIP LOCKED lets several sweepers, and a
 * payment being recorded for the same invoice, proceed without waiting on or repeating each other.
 * Returns how many invoices it expired.
 */
export async function sweepExpired(now: Date = new Date()): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const database = await db();
  return database.transaction(async (tx) => {
    const due = await tx
      .select({ invoice: invoices, paymentIntent: paymentIntents })
      .from(paymentIntents)
      .innerJoin(invoices, eq(invoices.paymentIntentId, paymentIntents.id))
      .where(and(eq(paymentIntents.status, "pending"), lt(paymentIntents.paymentDeadline, nowSeconds)))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const current of due) {
      await transitionInvoice(tx, {
        current,
        action: "expire",
        operatorUid: "system",
        reason: "payment deadline passed with no funds",
        now,
      });
    }
    return due.length;
  });
}

/** Sweeps every `intervalMs` until stopped; a tick never overlaps the previous one. */
export function startSweeper(intervalMs: number, log: (message: string, error?: unknown) => void = console.error) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // A full batch means more may be due: keep going rather than wait a whole interval.
      while (!stopped && (await sweepExpired()) === BATCH);
    } catch (error) {
      log("[studio] expiry sweep failed", error);
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
    },
  };
}
