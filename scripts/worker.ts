// `npm run worker`: the background jobs without the web server, for deployments with several app
// servers (run those with SWEEPER=0). Needs DATABASE_URL: a PGlite folder belongs to one process.
import { effectiveSettings, env } from "@/lib/env";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { startSweeper } from "@/lib/studio/sweeper";
import { startDispatcher } from "@/lib/studio/webhooks/dispatcher";
import { startEmailDrainer } from "@/lib/studio/emails/drainer";
import { requireServerSecrets } from "@/lib/secrets/check";
import { checkStudioSecret } from "@/lib/studio/secrets";

async function main(): Promise<void> {
  if (!env.DATABASE_URL) {
    console.error("npm run worker needs DATABASE_URL (PostgreSQL); with PGlite the server runs the sweeper itself.");
    process.exit(2);
  }
  console.log(`[worker] ${effectiveSettings()}`);
  // The worker signs chain sends with keys from the HD seeds: it needs the servers' STUDIO_SECRET.
  requireServerSecrets("npm run worker", ["STUDIO_SECRET"]);
  const { db } = await getDatabase();
  await checkStudioSecret(db);
  const sweeper = startSweeper(env.SWEEP_INTERVAL_MS);
  // Several workers may drain one outbox: leases (SKIP LOCKED) keep them from sending an attempt twice.
  const dispatcher = startDispatcher();
  // So may several e-mail drainers: the same leases keep each e-mail to one sender at a time.
  const emails = startEmailDrainer();
  console.log(`[worker] background jobs (expiry, pending chain sends, idempotency purge) every ${env.SWEEP_INTERVAL_MS} ms`);
  console.log(`[worker] webhook dispatcher polling every ${env.WEBHOOK_POLL_MS} ms`);
  console.log(`[worker] invoice e-mail ${env.SMTP_URL ? `outbox polling every ${env.EMAIL_POLL_MS} ms` : "off (no SMTP_URL)"}`);
  const shutdown = async (signal: string) => {
    console.log(`[worker] ${signal}: finishing the current sweep and webhook attempts`);
    await Promise.all([sweeper.stop(), dispatcher.stop(), emails.stop()]);
    await closeDatabase();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  // The sweeper's timer is unref'd so the server can exit; here it is the whole job.
  setInterval(() => undefined, 1 << 30);
}

void main().catch((error: unknown) => {
  if (error instanceof Error && error.name === "StartRefusedError") console.error(`[worker] ${error.message}`);
  else console.error("[worker] failed to start", error);
  process.exit(1);
});
