// The edges of money in and out on a real local node, on each database: a send plan rolled back
// with its transaction gives its nonce back; concurrent first sends from an address that already
// sent outside Studio take distinct nonces from the node's count on; a reorg that happens while
// the scanner reads a range is refused (the round ends, the next reads it again) instead of
// storing a transfer from a block since replaced; a reorg deeper than the block hashes kept is
// rescanned from below the oldest one, so a transfer of the new chain there is still found.
import http from "node:http";
import { sql } from "drizzle-orm";
import { parseEther, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, raceMode, withStudio, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { arbOn, DEPTH, freshAddress, PAYER, scanToHead, startFundedNode, units } from "./support";

let node: LocalNode;
beforeAll(async () => {
  node = await startFundedNode();
});
afterAll(async () => {
  await node?.stop();
});

/**
 * A JSON-RPC proxy in front of the node. Armed with `reorgDuringLogs`, the next eth_getLogs that
 * reaches above `above` is answered from the chain as it was, and the node is reorganized before
 * the answer goes back; the headers of blocks above `above` asked for meanwhile wait for the
 * reorg, so they come from the new chain: a reorg found in the middle of one range's reading.
 */
async function startReorgProxy(target: string) {
  let armed: { above: number; reorg: () => Promise<void>; done?: Promise<void> } | undefined;
  const forward = (body: string) =>
    fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const calls = ([] as Array<{ method: string; params?: unknown[] }>).concat(JSON.parse(body));
      const reaches = (hex: unknown) => typeof hex === "string" && armed !== undefined && Number(hex) > armed.above;
      try {
        let answer;
        const logs = calls.find((call) => call.method === "eth_getLogs" && reaches((call.params?.[0] as { toBlock?: string })?.toBlock));
        const header = calls.find((call) => call.method === "eth_getBlockByNumber" && reaches(call.params?.[0]));
        if (logs && armed && !armed.done) {
          answer = await forward(body);
          armed.done = armed.reorg();
          await armed.done;
        } else if (header && armed) {
          while (!armed.done) await new Promise((resolve) => setTimeout(resolve, 10));
          await armed.done;
          answer = await forward(body);
        } else {
          answer = await forward(body);
        }
        response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.text);
      } catch (error) {
        response.writeHead(502).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    reorgDuringLogs(above: number, reorg: () => Promise<void>) {
      armed = { above, reorg };
    },
    disarm() {
      armed = undefined;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(drivers)("chain edges on %s", (driver) => {
  let target: Target;
  let proxy: Awaited<ReturnType<typeof startReorgProxy>>;
  const settings = () => arbOn(node, { CHAIN_ARB_RPC_URL: proxy.url });
  beforeAll(async () => {
    proxy = await startReorgProxy(node.directUrl);
    target = await freshTarget(driver, "chainedges");
    await withStudio(target, async () => {
      await bootedDemoOrg(target);
      await scanToHead();
    }, settings());
  });
  afterAll(async () => {
    if (target) await dropTarget(target);
    await proxy?.close();
  });

  /** An approved 10 USDC invoice on the node's chain: its id, payment intent and deposit address. */
  async function approvedInvoice() {
    const { clientId, principal } = await bootedDemoOrg(target);
    const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
    const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
    const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest() });
    const approved = await approveInvoice({ principal: await principal("approver"), id: created.id });
    return { id: created.id, paymentIntentId: approved.payment_intent.payment_intent_id as string, address: approved.payment_intent.payment_address as Address };
  }

  async function invoiceStatus(id: string) {
    const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
    const { principal } = await bootedDemoOrg(target);
    return (await getInvoice({ principal: await principal("finance"), id })).status;
  }

  /** Plans a 1 USDC send from `sender` in a transaction of its own, committed unless `rollBack`; answers what it planned. */
  async function plan(source: { orgId: number; paymentIntentId: string | null; sender: "treasury" | "deposit_address" }, rollBack: boolean) {
    const { db } = await import("@/lib/db/client");
    const { chainAdapter } = await import("@/lib/studio/chain/adapter");
    const { findChain } = await import("@/lib/studio/chain/registry");
    const { newId } = await import("@/lib/studio/core/ids");
    const transfer = { reference: newId("send"), purpose: "withdrawal" as const, chain: findChain("arb")!, tokenAddress: node.tokens.USDC, to: freshAddress(), amount: "1" };
    let planned: Awaited<ReturnType<ReturnType<typeof chainAdapter>["plan"]>> | undefined;
    const work = (await db()).transaction(async (tx) => {
      planned = await chainAdapter("arb").plan(tx, transfer, source);
      if (rollBack) throw new Error("rolled back on purpose");
    });
    if (rollBack) await expect(work).rejects.toThrow("rolled back on purpose");
    else await work;
    return planned!;
  }

  const nonceRow = async (client: Parameters<typeof queryRows>[0], address: string) =>
    (await queryRows<{ next_nonce: number }>(client, sql`SELECT next_nonce FROM chain_nonces WHERE chain_id = 'arb' AND address = ${address}`)).map((row) => Number(row.next_nonce));

  it(`gives concurrent first sends from a treasury that already sent outside Studio distinct nonces from the node's count on ${raceMode(driver)}`, async () => {
    await withStudio(target, async (client) => {
      const { orgId } = await bootedDemoOrg(target);
      const { orgAccount } = await import("@/lib/studio/chain/evm/keys");
      const { TREASURY_INDEX } = await import("@/lib/studio/chain/wallet-indexes");
      const treasury = await orgAccount(await client.db(), orgId, TREASURY_INDEX);
      expect(await nonceRow(client, treasury.address)).toEqual([]);
      // Three transactions of its own before Studio sends anything from it (its key restored elsewhere, say).
      // Funded once more if the loaded node drops the connection (a second ether is harmless).
      const fund = () => node.wallet(0).sendTransaction({ to: treasury.address, value: parseEther("1"), chain: null, account: node.wallet(0).account });
      const funded = await fund().catch((error) => (/fetch failed|other side closed/.test(String(error)) ? fund() : Promise.reject(error)));
      await node.public.waitForTransactionReceipt({ hash: funded, pollingInterval: 20 });
      for (let nonce = 0; nonce < 3; nonce++) {
        const raw = await treasury.signTransaction({ type: "eip1559", chainId: 42161, nonce, to: freshAddress(), value: 1n, gas: 21_000n, maxFeePerGas: parseEther("0.00000001"), maxPriorityFeePerGas: 1n });
        const sent = await node.public.request({ method: "eth_sendRawTransaction", params: [raw] });
        await node.public.waitForTransactionReceipt({ hash: sent, pollingInterval: 20 });
      }
      const planned = await Promise.all(Array.from({ length: 10 }, () => plan({ orgId, paymentIntentId: null, sender: "treasury" }, false)));
      expect(planned.every((send) => send.fromAddress === treasury.address)).toBe(true);
      expect(planned.map((send) => Number(send.nonce)).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => 3 + index));
      expect(await nonceRow(client, treasury.address)).toEqual([13]);
      // Their gas top-ups, from the gas tank that never sent: 0 to 9, one each.
      const topUps = await queryRows<{ nonce: number }>(client, sql`SELECT nonce FROM chain_sends WHERE purpose = 'gas_top_up' AND to_address = ${treasury.address}`);
      expect(topUps.map((row) => Number(row.nonce)).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => index));
    }, settings());
  });

  it("gives a rolled-back send plan's nonce back: the next plan from that address signs with the same one", async () => {
    await withStudio(target, async (client) => {
      const { orgId } = await bootedDemoOrg(target);
      // A deposit address has sent nothing: its first plan counts from the node, the later ones from its row.
      const { paymentIntentId, address } = await approvedInvoice();
      const source = { orgId, paymentIntentId, sender: "deposit_address" as const };
      const first = await plan(source, true);
      expect(first.fromAddress).toBe(address);
      expect(first.nonce).toBe(0);
      expect(await nonceRow(client, address)).toEqual([]);
      const kept = await plan(source, false);
      expect(kept.nonce).toBe(first.nonce);
      expect(await nonceRow(client, address)).toEqual([1]);
      const undone = await plan(source, true);
      expect(undone.nonce).toBe(1);
      expect(await nonceRow(client, address)).toEqual([1]);
      const next = await plan(source, false);
      expect(next.nonce).toBe(undone.nonce);
      expect(await nonceRow(client, address)).toEqual([2]);
      // Nothing of the rolled-back plans is on record: neither send nor its gas top-up.
      const sends = await queryRows<{ tx_hash: string }>(client, sql`SELECT tx_hash FROM chain_sends WHERE tx_hash IN (${first.txHash}, ${undone.txHash})`);
      expect(sends).toEqual([]);
    }, settings());
  });

  it("refuses a range whose chain moved while it was read, and counts the transfer only as the new chain has it", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice();
      const tip = (await scanToHead()).head;
      const snapshot = await node.test.snapshot();
      const hash = await node.transfer(PAYER, node.tokens.USDC, address, units(10));
      await node.public.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20 });
      // The logs come from the chain with the transfer; the headers, read beside them, from the
      // chain that replaced it (longer, without the transfer).
      proxy.reorgDuringLogs(tip, async () => {
        await node.test.revert({ id: snapshot });
        await node.mine(2);
      });
      const { scanRpcChains } = await import("@/lib/studio/chain/evm/scanner");
      const [round] = await scanRpcChains();
      proxy.disarm();
      expect(round?.error).toMatch(/since replaced|does not follow/);
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([]);
      await node.mine(DEPTH + 1);
      await scanToHead();
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([]);
      expect(await invoiceStatus(id)).toBe("approved");
    }, settings());
  });

  it("rescans from below the oldest block hash kept after a reorg deeper than all of them, and finds the new chain's transfer there", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice();
      await scanToHead();
      const snapshot = await node.test.snapshot();
      // The old chain: a transaction of nobody's in its first block (so every block after differs
      // from the new chain's), then more blocks than the scanner keeps hashes of (depth + 64).
      await node.transfer(PAYER, node.tokens.USDC, freshAddress(), units(1));
      await node.mine(DEPTH + 80);
      const oldHead = (await scanToHead()).head;
      const kept = await queryRows<{ number: number }>(client, sql`SELECT number FROM chain_scanned_blocks WHERE chain_id = 'arb' ORDER BY number`);
      const oldest = Number(kept[0]!.number);
      // The new chain: the invoice paid in a block above the oldest kept and below the old head.
      await node.test.revert({ id: snapshot });
      const start = Number(await node.public.getBlockNumber());
      await node.mine(oldest + 10 - start - 1);
      const hash = await node.transfer(PAYER, node.tokens.USDC, address, units(10));
      const paidIn = Number((await node.public.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20 })).blockNumber);
      expect(paidIn).toBeGreaterThan(oldest);
      expect(paidIn).toBeLessThan(oldHead);
      await node.mine(oldHead - paidIn + DEPTH + 5);
      await scanToHead();
      expect(await invoiceStatus(id)).toBe("paid");
      const deposits = await queryRows<{ status: string; block_number: number }>(client, sql`SELECT status, block_number FROM chain_deposits WHERE tx_hash = ${hash}`);
      expect(deposits.map((row) => [row.status, Number(row.block_number)])).toEqual([["credited", paidIn]]);
    }, settings());
  });
});
