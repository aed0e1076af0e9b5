import "server-only";
// The retry schedule of product-decisions §5: after a failed attempt, wait the next step; once
// every step is used, the event is failed. WEBHOOK_RETRY_SCHEDULE shortens it (tests run it in seconds).
import { env } from "@/lib/env";

/**
 * When to try again after the `attemptsMade`-th attempt of a round failed, or null when the round
 * is over (1 first try + one retry per step).
 */
export function nextRetryAt(attemptsMade: number, failedAt: Date, schedule: readonly number[] = env.WEBHOOK_RETRY_SCHEDULE): Date | null {
  const delaySeconds = schedule[attemptsMade - 1];
  return delaySeconds === undefined ? null : new Date(failedAt.getTime() + delaySeconds * 1000);
}
