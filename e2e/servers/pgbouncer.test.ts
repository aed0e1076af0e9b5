// Behind PgBouncer in transaction mode (issue 22 §1): DATABASE_URL is the pooler, and
// DIRECT_DATABASE_URL carries what needs a session of its own (the migration lock, LISTEN). A
// server creates, approves and is paid for invoices concurrently, their webhooks are delivered,
// and a second start (its migration lock taken and released again) serves them. PostgreSQL only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, dropTarget, freshTarget, invoiceRequest, type Target } from "../node/support";
import { startReceiver, type Receiver } from "../webhook-receiver";
import { startPgbouncer, type Bouncer } from "./pgbouncer";
import { assertBuilt, freePort, killServer, startServer, stopServer, waitHealthy, type Server } from "./server";
import { suiteDriver } from "./support";

describe.runIf(suiteDriver === "postgres")("a server behind PgBouncer in transaction mode", () => {
  let target: Target;
  let bouncer: Bouncer;
  let receiver: Receiver;
  let server: Server | undefined;
  let baseUrl: string;
  let port: number;
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-pgbouncer-log-")), "server.log");
  const env = () => ({
    DATABASE_URL: bouncer.urlFor(target.databaseUrl!),
    DIRECT_DATABASE_URL: target.databaseUrl!,
    // Four times PgBouncer's server connections: consecutive statements of one pooled connection
    // reach different server sessions.
    DATABASE_POOL_SIZE: "8",
    WEBHOOK_POLL_MS: "100",
  });

  beforeAll(async () => {
    assertBuilt();
    target = await freshTarget("postgres", "pgbouncer");
    bouncer = await startPgbouncer(target.databaseUrl!);
    receiver = await startReceiver();
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (server) await killServer(server);
    await receiver?.close();
    await bouncer?.close();
    if (target) await dropTarget(target);
  });

  async function call(method: string, urlPath: string, role: string, body?: unknown) {
    const { clientId, key } = demoOrg(target);
    const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, {
      method,
      headers: { "X-STUDIO-API-KEY": key(role), "X-Client-ID": clientId, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as { data: any };
    if (response.status !== 200) throw new Error(`${method} ${urlPath}: ${response.status} ${JSON.stringify(parsed)}\n${fs.readFileSync(logFile, "utf8").slice(-4000)}`);
    return parsed.data;
  }

  it("creates, approves and is paid for invoices concurrently; their webhooks are delivered; a restart serves them", async () => {
    server = startServer(target, port, logFile, env());
    await waitHealthy(baseUrl, server);

    const ids = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const created = await call("POST", "/invoice/intent", "finance", invoiceRequest({ recipient_name: `Pooled ${index}`, callback_url: receiver.url }));
        const approved = await call("POST", `/invoice/intent/${created.id}/approve`, "approver");
        expect(approved.status).not.toBe("approval_pending");
        const paid = await call("POST", `/sandbox/payment_intent/${created.payment_intent.payment_intent_id}/pay`, "admin", { amount: "10" });
        expect(paid.invoice.status).toBe("paid");
        // Reads too: each GET of one record runs a query prepared once per handle.
        expect((await call("GET", `/invoice/intent/${created.id}`, "viewer")).status).toBe("paid");
        return created.id as string;
      }),
    );

    // Each invoice's payment reaches the receiver (at least once).
    const paidIds = () => new Set(receiver.received.map((request) => JSON.parse(request.body)).filter((body) => body.status === "paid").map((body) => body.id));
    await receiver.waitFor(() => ids.every((id) => paidIds().has(id)), 60_000);

    // The first start released its migration lock on the session that took it: the next one migrates and starts.
    await stopServer(server);
    server = startServer(target, port, logFile, env());
    await waitHealthy(baseUrl, server);
    for (const id of ids) expect((await call("GET", `/invoice/intent/${id}`, "viewer")).status).toBe("paid");
    await stopServer(server);
    server = undefined;
  }, 240_000);
});
