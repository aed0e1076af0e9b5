// A node behind basic auth (CHAIN_<ID>_RPC_URL with `user:pass@`), on each database: the start
// checks, the scanner's own log reader and the viem client all reach it with the credentials in an
// Authorization header (fetch refuses a URL holding them), a deposit is read and credited through
// it, and neither the password nor the header is ever written out: not in the start error of a
// wrong password, not in anything the server logs meanwhile.
import http from "node:http";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, withStudio, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { arbOn, DEPTH, PAYER, scanToHead, startFundedNode, units } from "./support";

const USER = "rpc-user-7f3a";
// Characters a URL must escape: the node has to receive them decoded.
const PASSWORD = "s3cret:p@ss/word";
const encoded = (user: string, password: string) => `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;

let node: LocalNode;
let guarded: { url: (credentials: string) => string; refused: number; close: () => void };
beforeAll(async () => {
  node = await startFundedNode();
  guarded = await basicAuthProxy(node.directUrl, `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`);
});
afterAll(async () => {
  guarded?.close();
  await node?.stop();
});

/** An HTTP proxy to the node that answers 401 to any request without the expected Authorization header. */
async function basicAuthProxy(upstream: string, expected: string) {
  let refused = 0;
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      if (incoming.headers.authorization !== expected) {
        refused += 1;
        outgoing.writeHead(401, { "www-authenticate": 'Basic realm="node"', "content-type": "text/plain" }).end("unauthorized");
        return;
      }
      try {
        const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
        outgoing.writeHead(answer.status, { "content-type": "application/json" }).end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        outgoing.writeHead(502).end();
      }
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
  return {
    url: (credentials: string) => `http://${credentials}@127.0.0.1:${port}`,
    get refused() {
      return refused;
    },
    close: () => server.close(),
  };
}

/** What `work` writes to the console, with its result. */
async function capturingConsole<T>(work: () => Promise<T>): Promise<{ result: T; written: string }> {
  const written: string[] = [];
  const methods = ["log", "info", "warn", "error", "debug"] as const;
  const originals = methods.map((method) => console[method]);
  for (const method of methods) console[method] = (...args: unknown[]) => void written.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" "));
  try {
    return { result: await work(), written: written.join("\n") };
  } finally {
    methods.forEach((method, index) => (console[method] = originals[index]!));
  }
}

describe.each(drivers)("a node behind basic auth on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "chainauth");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("reads and credits a deposit through a node that needs user:pass@ credentials", async () => {
    const refusedBefore = guarded.refused;
    const { written } = await capturingConsole(() =>
      withStudio(
        target,
        async () => {
          const { awaitReady } = await import("@/lib/studio/process/boot");
          await awaitReady();
          const { clientId, principal } = await bootedDemoOrg(target);
          await scanToHead();
          const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
          const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
          const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
          const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest() });
          const approved = await approveInvoice({ principal: await principal("approver"), id: created.id });
          const hash = await node.transfer(PAYER, node.tokens.USDC, approved.payment_intent.payment_address as Address, units(10));
          await node.mine(DEPTH - 1);
          await scanToHead();
          const paid = await getInvoice({ principal: await principal("finance"), id: created.id });
          expect(paid.payment_intent).toMatchObject({ status: "success", payment_tx_hash: hash, received_crypto_amount: "10" });
        },
        { ...arbOn(node), CHAIN_ARB_RPC_URL: guarded.url(encoded(USER, PASSWORD)) },
      ),
    );
    // Every request carried the credentials: the proxy refused none.
    expect(guarded.refused).toBe(refusedBefore);
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain(encodeURIComponent(PASSWORD));
    expect(written).not.toMatch(/authorization|Basic /i);
  });

  it("refuses to start on a wrong password, naming the node by its origin and never the credentials", async () => {
    const wrong = "not-the-password";
    const { result: message, written } = await capturingConsole(() =>
      withStudio(
        target,
        async () => {
          const { awaitReady } = await import("@/lib/studio/process/boot");
          return awaitReady().then(
            () => "started",
            (error: Error) => error.message,
          );
        },
        { ...arbOn(node), CHAIN_ARB_RPC_URL: guarded.url(encoded(USER, wrong)) },
      ),
    );
    const origin = new URL(guarded.url("x:y")).origin;
    expect(message).toMatch(new RegExp(`^chain arb: the node at ${origin.replace(/[.]/g, "\\.")} did not answer eth_chainId`));
    for (const text of [message, written]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(USER);
      expect(text).not.toMatch(/authorization|Basic /i);
    }
  });
});
