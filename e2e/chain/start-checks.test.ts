// The CHAIN_<ID>_* settings against a real local node: a node on another network, or a token with
// other decimals, refuses the start (the server's and `npm run worker`'s) naming the chain and both
// values; a node URL that is neither https:// nor loopback refuses it naming the setting; a chain
// with neither a node nor the sandbox refuses new invoices with a 422 that names it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, startBuilt, targetEnvironment, withStudio, type Target } from "../node/support";
import { startLocalNode, type LocalNode } from "./local-node";

let node: LocalNode;
beforeAll(async () => {
  node = await startLocalNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(drivers)("chain start checks on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "chainstart");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  const arbOnNode = () => ({ CHAIN_ARB_RPC_URL: node.url, CHAIN_ARB_TOKEN_USDC: node.tokens.USDC, CHAIN_ARB_TOKEN_USDT: node.tokens.USDT });
  const startFailure = (extraEnv: Record<string, string>) =>
    withStudio(
      target,
      async () => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        return awaitReady().then(
          () => "started",
          (error: Error) => error.message,
        );
      },
      { SEED_DEMO_INVOICES: "0", ...extraEnv },
    );

  it("starts when the node is the chain it expects and the tokens have the registry's decimals", async () => {
    expect(await startFailure(arbOnNode())).toBe("started");
  });

  it("refuses to start on another network's node, naming the chain and both ids", async () => {
    expect(await startFailure({ ...arbOnNode(), CHAIN_ARB_CHAIN_ID: "421614" })).toBe(
      `chain arb: the node at ${node.url} is chain id 42161, but arb expects 421614 (set CHAIN_ARB_CHAIN_ID to change what is expected)`,
    );
    // The default expectation is the network's own id: BSC's node must answer 56.
    expect(await startFailure({ CHAIN_BSC_RPC_URL: node.url })).toMatch(/^chain bsc: the node at .* is chain id 42161, but bsc expects 56 /);
  });

  it("refuses to start when a token's decimals differ from the registry's", async () => {
    // BSC's pegged stablecoins have 18 decimals; the local tokens have 6.
    expect(
      await startFailure({ CHAIN_BSC_RPC_URL: node.url, CHAIN_BSC_CHAIN_ID: "42161", CHAIN_BSC_TOKEN_USDC: node.tokens.USDC, CHAIN_BSC_TOKEN_USDT: node.tokens.USDT }),
    ).toBe(`chain bsc: USDC contract ${node.tokens.USDC} has 6 decimals, but bsc USDC has 18 (check CHAIN_BSC_TOKEN_USDC)`);
  });

  const NOT_TLS = "must be an https:// URL (plain http:// only to a loopback address: 127.0.0.0/8, localhost or [::1])";

  it("refuses a node URL that is neither https:// nor loopback, naming the setting, and takes https:// and loopback ones", async () => {
    // The server's start path (lib/boot) loaded with the settings, as a new process would.
    const imported = async (extraEnv: Record<string, string>) => {
      const saved = { ...process.env };
      Object.assign(process.env, extraEnv);
      vi.resetModules();
      try {
        return await import("@/lib/boot").then(() => "imported", (error: Error) => error.message);
      } finally {
        for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
        Object.assign(process.env, saved);
      }
    };
    expect(await imported({ ...arbOnNode(), CHAIN_ARB_RPC_URL: "http://rpc.example.test/v2/key" })).toBe(`CHAIN_ARB_RPC_URL ${NOT_TLS}`);
    expect(await imported({ ...arbOnNode(), CHAIN_ARB_VERIFY_RPC_URL: "http://10.1.2.3:8545" })).toBe(`CHAIN_ARB_VERIFY_RPC_URL ${NOT_TLS}`);
    expect(await imported({ CHAIN_BASE_RPC_URL: "ws://127.0.0.1:8546" })).toBe(`CHAIN_BASE_RPC_URL ${NOT_TLS}`);
    for (const url of ["https://rpc.example.test/v2/key", "http://localhost:8545", "http://127.8.9.10:8545", "http://[::1]:8545"]) {
      expect(await imported({ CHAIN_ARB_RPC_URL: url, CHAIN_ARB_VERIFY_RPC_URL: url })).toBe("imported");
      const { chainSettings } = await import("@/lib/env");
      expect(chainSettings.arb).toMatchObject({ RPC_URL: url, VERIFY_RPC_URL: url, FINALITY: "depth" });
    }
    // The worker, too, refuses to start on it.
    const worker = startBuilt("worker", targetEnvironment(target, { CHAIN_ARB_RPC_URL: "http://rpc.example.test/v2/key" }));
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain(`CHAIN_ARB_RPC_URL ${NOT_TLS}`);
    expect(worker.output()).not.toContain("/v2/key");
  });

  it.runIf(driver === "postgres")("npm run worker refuses to start on another network's node, or a token with other decimals, naming the chain and both values", async () => {
    const refusal = async (extraEnv: Record<string, string>) => {
      const worker = startBuilt("worker", targetEnvironment(target, { SEED_DEMO_INVOICES: "0", ...extraEnv }));
      const code = await worker.exited;
      return { code, output: worker.output() };
    };
    const network = await refusal({ ...arbOnNode(), CHAIN_ARB_CHAIN_ID: "421614" });
    expect(network.code).toBe(1);
    expect(network.output).toContain(`worker: chain arb: the node at ${node.url} is chain id 42161, but arb expects 421614 (set CHAIN_ARB_CHAIN_ID to change what is expected)`);
    const decimals = await refusal({ CHAIN_BSC_RPC_URL: node.url, CHAIN_BSC_CHAIN_ID: "42161", CHAIN_BSC_TOKEN_USDC: node.tokens.USDC, CHAIN_BSC_TOKEN_USDT: node.tokens.USDT });
    expect(decimals.code).toBe(1);
    expect(decimals.output).toContain(`worker: chain bsc: USDC contract ${node.tokens.USDC} has 6 decimals, but bsc USDC has 18 (check CHAIN_BSC_TOKEN_USDC)`);
  });

  it("refuses an invoice on a chain with no node when the sandbox is off (422 naming the chain), and takes one on a chain with a node", async () => {
    const outcome = await withStudio(
      target,
      async () => {
        const { clientId, principal } = await bootedDemoOrg(target);
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { StudioError } = await import("@/lib/studio/core/errors");
        const finance = await principal("finance");
        const refused = await createInvoice({ principal: finance, clientId, request: invoiceRequest({ chain: "base" }) }).then(
          () => undefined,
          (error: unknown) => (error instanceof StudioError ? { http: error.http, message: error.message, errors: error.errors } : Promise.reject(error)),
        );
        const onNode = await createInvoice({ principal: finance, clientId, request: invoiceRequest({ chain: "arb" }) });
        return { refused, token: onNode.payment_intent.token_address };
      },
      { SEED_DEMO_INVOICES: "0", SANDBOX_CHAIN: "0", ...arbOnNode() },
    );
    expect(outcome.refused).toEqual({
      http: 422,
      message: "chain base (Base) is not available on this server: it has no CHAIN_BASE_RPC_URL and the sandbox chain is off",
      errors: [{ field: "chain", message: "base is not available on this server" }],
    });
    // The invoice on the node's chain uses the configured contract, not the mainnet one.
    expect(outcome.token.toLowerCase()).toBe(node.tokens.USDC.toLowerCase());
  });
});
