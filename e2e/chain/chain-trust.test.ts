// What Studio believes of a node's answers (issue 37 §3), on a real local node, on each database.
// The node is reached through loopback proxies (rpc-proxy.ts): the main one serves only under a
// key-bearing path (/v2/<key>) and answers `finalized` with the block the test chooses; a second,
// CHAIN_ARB_VERIFY_RPC_URL, is the same node with one field of one answer changed when a test
// makes the two nodes disagree.
// - FINALITY=finalized: a deposit far past CONFIRMATIONS is credited, and a send confirmed, only
//   once its block is at or below the node's finalized block.
// - A verifying node with another block hash, without the log, or with another amount: the
//   deposit is not credited, the record goes to review. One that does not answer: it waits.
// - The sandbox's pay endpoints do not pay a payment on the node's chain (404).
// - The node URL's key is in no error text stored in the database nor in any log line.
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, dumpAllRows, freshTarget, invoiceRequest, queryRows, withStudio, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { startRpcProxy, type RpcProxy } from "./rpc-proxy";
import { arbOn, DEPTH, fundedDemoOrg, PAYER, runUntil, scanToHead, sendsOf, startFundedNode, units } from "./support";

const SECRET = "k3y-9f8e7d6c5b4a3f2e1d0c";

let node: LocalNode;
let main: RpcProxy;
let verify: RpcProxy;
beforeAll(async () => {
  node = await startFundedNode();
  main = await startRpcProxy(node.directUrl, { path: `/v2/${SECRET}` });
  verify = await startRpcProxy(node.directUrl);
});
afterAll(async () => {
  await Promise.all([main?.close(), verify?.close()]);
  await node?.stop();
});

const hex = (number: number | bigint) => `0x${number.toString(16)}`;

describe.each(drivers)("trust in the chain's answers on %s", (driver) => {
  let target: Target;
  const settings = () => arbOn(node, { CHAIN_ARB_RPC_URL: main.url, CHAIN_ARB_VERIFY_RPC_URL: verify.url, CHAIN_ARB_FINALITY: "finalized", SANDBOX_CHAIN: "1" });
  beforeAll(async () => {
    target = await freshTarget(driver, "chaintrust");
    await fundedDemoOrg(target, node);
  });
  afterAll(async () => {
    await dropTarget(target);
  });
  const reset = () => {
    main.setReachable(true);
    main.setTagged(undefined);
    main.setRefused([]);
    verify.setReachable(true);
    verify.setRewrite(undefined);
  };

  async function paymentIntentOn(chain: string, token: "USDC" | "USDT" = "USDC") {
    const { clientId, principal } = await bootedDemoOrg(target);
    const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
    const created = await createPaymentIntent({ principal: await principal("finance"), clientId, request: { pricing_mode: "crypto", crypto_amount: "5", pay_token: token, chain } });
    return { id: created.payment_intent_id, address: created.payment_address as Address };
  }

  async function paymentIntent(id: string) {
    const { getPaymentIntent } = await import("@/lib/studio/standalone-payments/get-payment-intent");
    const { principal } = await bootedDemoOrg(target);
    return getPaymentIntent({ principal: await principal("finance"), id });
  }

  async function approvedInvoice() {
    const { clientId, principal } = await bootedDemoOrg(target);
    const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
    const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
    const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest() });
    const approved = await approveInvoice({ principal: await principal("approver"), id: created.id });
    return { id: created.id, address: approved.payment_intent.payment_address as Address };
  }

  async function invoice(id: string) {
    const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
    const { principal } = await bootedDemoOrg(target);
    return getInvoice({ principal: await principal("finance"), id });
  }

  async function payAtDepth(to: Address, amount: number): Promise<{ hash: Hex; block: bigint }> {
    const hash = await node.transfer(PAYER, node.tokens.USDC, to, units(amount));
    const { blockNumber } = await node.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await node.mine(DEPTH);
    return { hash, block: blockNumber };
  }

  it("FINALITY=finalized: a deposit deep past its confirmations is credited, and a send confirmed, only at the node's finalized block", async () => {
    reset();
    await withStudio(target, async (client) => {
      await bootedDemoOrg(target);
      await scanToHead();
      const { id, address } = await paymentIntentOn("arb");
      main.setTagged(Number(await node.public.getBlockNumber()));
      const { hash, block } = await payAtDepth(address, 5);
      await node.mine(5);
      await scanToHead();
      // DEPTH + 5 blocks deep, above the finalized block: seen, not credited.
      expect((await paymentIntent(id)).status).toBe("pending");
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([{ status: "seen" }]);
      // (The node's finalized block is read at most once a second per head: a block passes first.)
      main.setTagged(Number(block));
      await node.mine();
      await scanToHead();
      expect(await paymentIntent(id)).toMatchObject({ status: "success", payment_tx_hash: hash });

      // Its settlement is mined and left far deeper than CONFIRMATIONS, below a finalized block that does not move: still sent.
      main.setTagged(Number(await node.public.getBlockNumber()));
      const settlement = () => sendsOf(client, sql`payment_intent_id = ${id} AND purpose = 'settlement'`).then((rows) => rows[0]);
      await runUntil(node, async () => (await settlement())?.mined_block != null);
      await node.mine(DEPTH + 3);
      const { backgroundRound } = await import("@/lib/studio/process/sweeper");
      await backgroundRound();
      expect(await settlement()).toMatchObject({ status: "sent" });
      main.setTagged(undefined);
      await node.mine();
      await backgroundRound();
      expect(await settlement()).toMatchObject({ status: "confirmed" });
    }, settings());
  });

  it("a verifying node with another block hash, without the log or with another amount sends the record to review, uncredited; one that does not answer holds the deposit until it does", async () => {
    reset();
    await withStudio(target, async (client) => {
      await bootedDemoOrg(target);
      await scanToHead();
      const disputes: Array<{ id: string; hash: Hex; note: RegExp }> = [];
      // One field of the verifying node's answer differs from the main node's, for the deposit's block alone.
      const cases: Array<[RegExp, (block: bigint) => Parameters<RpcProxy["setRewrite"]>[0]]> = [
        [/has block \d+ as 0xabab/, (block) => (request, answer) => (request.method === "eth_getBlockByNumber" && request.params?.[0] === hex(block) ? { ...answer, result: { ...(answer.result as object), hash: `0x${"ab".repeat(32)}` } } : answer)],
        [/has no log \d+ of 0x/, () => (request, answer) => (request.method === "eth_getLogs" ? { ...answer, result: [] } : answer)],
        [/with another amount/, () => (request, answer) => (request.method === "eth_getLogs" ? { ...answer, result: (answer.result as Array<{ data: string }>).map((log) => ({ ...log, data: `0x${units(1_000).toString(16).padStart(64, "0")}` })) } : answer)],
      ];
      for (const [note, rewrite] of cases) {
        const { id, address } = await approvedInvoice();
        const hash = await node.transfer(PAYER, node.tokens.USDC, address, units(10));
        const { blockNumber } = await node.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
        verify.setRewrite(rewrite(blockNumber));
        await node.mine(DEPTH);
        await scanToHead();
        verify.setRewrite(undefined);
        disputes.push({ id, hash, note });
      }
      for (const { id, hash, note } of disputes) {
        const current = await invoice(id);
        expect(current.status).toBe("payment_review");
        // Not counted: nothing received, no payment transaction, no ledger entry.
        expect(current.payment_intent).toMatchObject({ status: "manual_review", payment_tx_hash: null });
        expect(Number(current.payment_intent.received_crypto_amount ?? 0)).toBe(0);
        const [deposit] = await queryRows<{ status: string; note: string }>(client, sql`SELECT status, note FROM chain_deposits WHERE tx_hash = ${hash}`);
        expect(deposit!.status).toBe("disputed");
        expect(deposit!.note).toMatch(note);
        expect(await queryRows(client, sql`SELECT id FROM ledger_entries WHERE payment_intent_id = ${current.payment_intent.payment_intent_id}`)).toEqual([]);
      }
      const { listUnmatchedDeposits } = await import("@/lib/studio/chain/evm/unmatched-deposits");
      const { principal } = await bootedDemoOrg(target);
      const listed = await listUnmatchedDeposits({ principal: await principal("finance") });
      expect(listed.filter((row) => row.reason === "unverified").map((row) => row.tx_hash).sort()).toEqual(disputes.map((dispute) => dispute.hash).sort());

      // Down: the deposit waits (seen), the record waits; back: both nodes agree, it is paid.
      const { id, address } = await approvedInvoice();
      verify.setReachable(false);
      const { hash } = await payAtDepth(address, 10);
      await scanToHead();
      await scanToHead();
      expect((await invoice(id)).status).toBe("approved");
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([{ status: "seen" }]);
      verify.setReachable(true);
      await scanToHead();
      expect(await invoice(id)).toMatchObject({ status: "paid", payment_intent: { payment_tx_hash: hash, received_crypto_amount: "10" } });
    }, settings());
  });

  it("the sandbox's pay endpoints answer 404 for a payment on the node's chain and change nothing; a sandbox chain's payment they pay", async () => {
    reset();
    await withStudio(target, async () => {
      const { principal } = await bootedDemoOrg(target);
      const admin = await principal("admin");
      const { sandboxPay, sandboxPayIntent } = await import("@/lib/studio/sandbox/pay");
      const onNode = await paymentIntentOn("arb");
      const refusals = await Promise.all([
        sandboxPayIntent({ principal: admin, paymentIntentId: onNode.id, request: { amount: "5" } }),
        sandboxPay({ principal: admin, request: { payment_address: onNode.address, amount: "5" } }),
      ].map((attempt) => attempt.then(() => "paid", (error: { http?: number; message: string }) => `${error.http} ${error.message}`)));
      for (const refusal of refusals) expect(refusal).toBe(`404 Payment intent ${onNode.id} is on chain arb, which this server follows through its node: the sandbox does not pay it`);
      expect(await paymentIntent(onNode.id)).toMatchObject({ status: "pending", received_crypto_amount: null });
      const onSandbox = await paymentIntentOn("tron", "USDT");
      const paid = await sandboxPayIntent({ principal: admin, paymentIntentId: onSandbox.id, request: { amount: "5" } });
      expect(paid.payment_intent).toMatchObject({ status: "success" });
    }, settings());
  });

  it("no error text stored in the database or written to the log holds the node URL's key", async () => {
    reset();
    const written: string[] = [];
    const holder = globalThis as { __studioLogOutput?: { write(line: string): void } };
    const before = holder.__studioLogOutput;
    holder.__studioLogOutput = { write: (line) => void written.push(line) };
    try {
      await withStudio(target, async (client) => {
        await bootedDemoOrg(target);
        await scanToHead();
        const { id, address } = await paymentIntentOn("arb");
        await payAtDepth(address, 5);
        // The node refuses the settlement's transactions (its error stored on the send), then goes away (the scan's and the tracker's errors logged).
        main.setRefused(["eth_sendRawTransaction"]);
        await scanToHead();
        expect((await paymentIntent(id)).status).toBe("success");
        const { backgroundRound } = await import("@/lib/studio/process/sweeper");
        await backgroundRound();
        main.setReachable(false);
        await backgroundRound();
        const stored = await queryRows<{ purpose: string; status: string; last_error: string | null }>(client, sql`SELECT purpose, status, last_error FROM chain_sends WHERE payment_intent_id = ${id} OR purpose = 'gas_top_up' ORDER BY created_at DESC LIMIT 1`);
        expect(stored[0]).toMatchObject({ purpose: "gas_top_up", status: "pending", last_error: expect.stringContaining(`URL: ${new URL(main.url).origin}`) });
        // The error as viem gives it names the URL with its key: what is stored and logged must not.
        const { rpcChain } = await import("@/lib/studio/chain/evm/rpc-chains");
        const raw = await rpcChain("arb")!.client.getBlockNumber({ cacheTime: 0 }).then(() => undefined, (error: Error) => error);
        expect(String(raw)).toContain(SECRET);
        const { logError } = await import("@/lib/observability/log");
        logError("reading the head failed", raw);
        expect(await dumpAllRows(client)).not.toContain(SECRET);
      }, settings());
    } finally {
      holder.__studioLogOutput = before;
      main.setReachable(true);
    }
    const log = written.join("\n");
    expect(log).toContain("reading the head failed");
    expect(log).toMatch(/broadcast failed|chain scan failed/);
    expect(log).not.toContain(SECRET);
  });
});
