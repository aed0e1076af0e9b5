// `npm run worker`: the background jobs without the web server, for deployments with several app
// servers (run those with SWEEPER=0). Needs DATABASE_URL: a PGlite folder belongs to one process.
import { effectiveSettings, env } from "@/lib/env";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { startSweeper } from "@/lib/studio/process/sweeper";
import { startDispatcher } from "@/lib/studio/webhooks/dispatcher";
import { startEmailDrainer } from "@/lib/studio/emails/drainer";
import { requirePublicUrl, requireServerSecrets } from "@/lib/secrets/check";
import { checkStudioSecret } from "@/lib/studio/core/secrets";
import { bindUnboundSends } from "@/lib/studio/chain/evm/unbound-sends";
import { captureConsole, log } from "@/lib/observability/log";
import { serveMetrics } from "@/lib/observability/scrape";
import { checkRpcChains } from "@/lib/studio/chain/evm/start-checks";

async function main(): Promise<void> {
  captureConsole();
  if (!env.DATABASE_URL) {
    log.fatal("npm run worker needs DATABASE_URL (PostgreSQL); with PGlite the server runs the sweeper itself.");
    process.exit(2);
  }
  log.info(`worker: effective settings: ${effectiveSettings()}`);
  // The worker signs chain sends with keys from the HD seeds: it needs the servers' STUDIO_SECRET.
  requireServerSecrets("npm run worker", ["STUDIO_SECRET"]);
  // As the server's start: a node on another network, or a token with other decimals, refuses it
  // before the worker scans, credits or signs anything on that chain.
  await checkRpcChains();
  // It composes invoice e-mails (their payment links) and queues callbacks: the servers' PUBLIC_URL.
  requirePublicUrl("npm run worker");
  const { db } = await getDatabase();
  await checkStudioSecret(db);
  // As the server's start does: a worker first up after the upgrade must not quarantine sends the
  // start-up would have bound.
  await bindUnboundSends(db);
  const sweeper = startSweeper(env.SWEEP_INTERVAL_MS);
  // Several workers may drain one outbox: leases (SKIP LOCKED) keep them from sending an attempt twice.
  const dispatcher = startDispatcher();
  // So may several e-mail drainers: the same leases keep each e-mail to one sender at a time.
  const emails = startEmailDrainer();
  const metricsListener = env.METRICS_PORT ? await serveMetrics(env.METRICS_PORT, env.METRICS_HOST) : undefined;
  log.info(`worker: background jobs (expiry, pending chain sends, idempotency purge) every ${env.SWEEP_INTERVAL_MS} ms`);
  log.info(`worker: webhook dispatcher polling every ${env.WEBHOOK_POLL_MS} ms`);
  if (metricsListener) log.info(`worker: metrics at http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics${env.METRICS_TOKEN ? "" : " (404 until METRICS_TOKEN is set)"}`);
  log.info(`worker: invoice e-mail ${env.SMTP_URL ? `outbox polling every ${env.EMAIL_POLL_MS} ms` : "off (no SMTP_URL)"}`);
  const shutdown = async (signal: string) => {
    log.info(`worker: ${signal}: finishing the current sweep and webhook attempts`);
    await Promise.all([sweeper.stop(), dispatcher.stop(), emails.stop(), metricsListener?.close()]);
    await closeDatabase();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  // The sweeper's timer is unref'd so the server can exit; here it is the whole job.
  setInterval(() => undefined, 1 << 30);
}

void main().catch((error: unknown) => {
  if (error instanceof Error && ["StartRefusedError", "ChainStartError"].includes(error.name)) log.fatal(`worker: ${error.message}`);
  else log.fatal({ err: error }, "worker: failed to start");
  process.exit(1);
});
