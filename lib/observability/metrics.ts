// This process's Prometheus metrics (each server and worker is scraped on its own). Kept on
// globalThis: the server's entry (dist/) and Next.js's route bundles load their own copies of
// this module, and a metric registered twice would be refused.
import client from "prom-client";

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status"] as const;
  return {
    registry,
    httpRequests: new client.Counter({
      name: "studio_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames,
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: "studio_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    webhookAttempts: new client.Counter({
      name: "studio_webhook_attempts_total",
      help: "Webhook delivery attempts this process made, by what became of the event (delivered, retry, failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    emailAttempts: new client.Counter({
      name: "studio_email_attempts_total",
      help: "Invoice e-mail attempts this process made, by outcome (sent, deferred, failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    chainSendsQuarantined: new client.Counter({
      name: "studio_chain_sends_quarantined_total",
      help: "Chain sends this process refused to sign or broadcast because their row failed the custody check (binding MAC, stored transaction), by chain",
      labelNames: ["chain"] as const,
      registers: [registry],
    }),
  };
}

const holder = globalThis as typeof globalThis & { __studioMetrics?: ReturnType<typeof create> };

export const metrics = (holder.__studioMetrics ??= create());
