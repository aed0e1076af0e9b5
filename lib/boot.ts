// The composition root: what a server process starts, in order. Services stay unaware of each other.
import { awaitReady } from "@/lib/studio/process/boot";
import { effectiveSettings, env } from "@/lib/env";
import { startSweeper } from "@/lib/studio/process/sweeper";
import { startDispatcher } from "@/lib/studio/webhooks/dispatcher";
import { startEmailDrainer } from "@/lib/studio/emails/drainer";
import { checkConsoleSecretAtStart, resealFirstFormatApiKeys, seedDemoAccounts } from "@/lib/console/accounts";
import { requirePublicUrl, requireServerSecrets } from "@/lib/secrets/check";
import { closeDatabase } from "@/lib/db/client";
import { log } from "@/lib/observability/log";

const holder = globalThis as typeof globalThis & { __booted?: Promise<void>; __studioStop?: () => Promise<void> };

export function boot(): Promise<void> {
  holder.__booted ??= (async () => {
    log.info(`effective settings: ${effectiveSettings()}`);
    requireServerSecrets("npm start", ["STUDIO_SECRET", "CONSOLE_SECRET"]);
    requirePublicUrl("npm start");
    await awaitReady();
    await checkConsoleSecretAtStart();
    await resealFirstFormatApiKeys();
    // Console accounts for the demo users (after the studio seed wrote demo-credentials.json).
    await seedDemoAccounts();
    // Embedded mode expires invoices in-process; with several app servers set SWEEPER=0 on them
    // and run `npm run worker` instead (or as well: SKIP LOCKED keeps sweepers apart).
    // The webhook dispatcher and the e-mail outbox's drainer are background work too: in-process
    // here, or in the worker.
    const loops = env.SWEEPER ? [startSweeper(env.SWEEP_INTERVAL_MS), startDispatcher(), startEmailDrainer()] : [];
    // scripts/start.mjs calls this once the server has answered its last request (SIGTERM): the
    // loops finish their round, then the database closes (PGlite flushes its folder).
    holder.__studioStop = async () => {
      await Promise.all(loops.map((loop) => loop.stop()));
      await closeDatabase();
    };
  })().catch((error: unknown) => {
    holder.__booted = undefined;
    log.error({ err: error }, "start-up failed");
    throw error;
  });
  return holder.__booted;
}

/** "ok" once booted, "starting" if it takes longer than `timeoutMs`, "failed" on a start-up error. */
export async function whenBooted(timeoutMs: number): Promise<"ok" | "starting" | "failed"> {
  const timeout = new Promise<"starting">((resolve) => setTimeout(() => resolve("starting"), timeoutMs).unref());
  return Promise.race([boot().then(() => "ok" as const, () => "failed" as const), timeout]);
}
