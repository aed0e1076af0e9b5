// SIGTERM, as an orchestrator sends it: the server stops accepting connections, answers every
// request it had already accepted, stops its loops, closes the database and exits 0; nothing it
// answered is lost (PGlite flushed its folder), as a restart on the same database shows.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOrg, dropTarget, freshTarget, invoiceRequest, type Target } from "../node/support";
import { assertBuilt, freePort, startServer, stopServer, waitHealthy, type Server } from "./server";
import { suiteDriver } from "./support";

type Outcome = { status: number; body: string } | { error: string };

/**
 * A create sent on a connection of its own that waits for its body: `accepted` resolves when the
 * server's "100 Continue" shows it has taken the connection and read the headers (a connection
 * still in the kernel's queue when the server stops listening is not accepted; it is reset), and
 * `finish()` sends the body.
 */
function slowCreate(port: number, headers: Record<string, string>, body: string) {
  const bytes = Buffer.from(body);
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/v1/studio/api/invoice/intent",
    agent: false,
    headers: { ...headers, "Content-Type": "application/json", "Content-Length": String(bytes.length), Expect: "100-continue" },
  });
  const accepted = new Promise<void>((resolve) => request.once("continue", () => resolve()));
  const outcome = new Promise<Outcome>((resolve) => {
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.flushHeaders();
  return { accepted, outcome, finish: () => request.end(bytes) };
}

describe(`graceful shutdown on ${suiteDriver}`, () => {
  let target: Target;
  let server: Server | undefined;
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-shutdown-log-")), "server.log");
  beforeAll(async () => {
    assertBuilt();
    target = await freshTarget(suiteDriver, "shutdown");
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await dropTarget(target);
  });

  it("answers every request accepted before SIGTERM, refuses new connections, exits 0, and loses nothing", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { SEED_DEMO_INVOICES: "0" };
    server = startServer(target, port, logFile, env);
    await waitHealthy(baseUrl, server);
    const { clientId, key } = demoOrg(target);
    const headers = { "X-STUDIO-API-KEY": key("finance"), "X-Client-ID": clientId };

    const inFlight = Array.from({ length: 20 }, (_, index) =>
      slowCreate(port, headers, JSON.stringify(invoiceRequest({ recipient_name: `Shutdown ${index}` }))),
    );
    // The server has taken every one of these connections and waits for their bodies.
    await Promise.all(inFlight.map((request) => request.accepted));
    const exited = new Promise<number | null>((resolve) => server!.child.once("exit", (code) => resolve(code)));
    process.kill(server.child.pid!, "SIGTERM");
    await sleep(300);

    // No longer accepting: a new connection is refused while the accepted requests still wait.
    const late = slowCreate(port, headers, JSON.stringify(invoiceRequest({ recipient_name: "Too late" })));
    late.finish();
    expect(await late.outcome).toEqual({ error: "ECONNREFUSED" });

    for (const request of inFlight) request.finish();
    const outcomes = await Promise.all(inFlight.map((request) => request.outcome));
    const log = () => fs.readFileSync(logFile, "utf8");
    expect(outcomes.map((outcome) => ("status" in outcome ? outcome.status : outcome.error)), log()).toEqual(inFlight.map(() => 200));
    expect(await exited, log()).toBe(0);
    expect(log()).toContain('"msg":"stopped"');
    server = undefined;

    // Everything answered is there after a restart on the same database.
    const ids = outcomes.map((outcome) => JSON.parse((outcome as { body: string }).body).data.id as string);
    server = startServer(target, port, logFile, env);
    await waitHealthy(baseUrl, server);
    for (const id of ids) {
      const response = await fetch(`${baseUrl}/v1/studio/api/invoice/intent/${id}`, { headers });
      expect(response.status).toBe(200);
    }
  }, 120_000);
});
