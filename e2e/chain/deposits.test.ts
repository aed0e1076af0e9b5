// Money in on a real local node (Hardhat's), on each database: a token transfer to an invoice's
// deposit address counts once and only at depth; reorgs shallower than the depth drop it and
// deeper ones send the record to review; the scanner's position survives a restart and a node
// that goes away and comes back, and nothing is missed or counted twice.
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, withStudio, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { arbOn, DEPTH, PAYER, scanToHead, startFundedNode, units } from "./support";

let node: LocalNode;
beforeAll(async () => {
  node = await startFundedNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(drivers)("deposits from a real chain on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "deposits");
    // The first start takes the node's current head as the scanner's starting point.
    await withStudio(target, async () => {
      await bootedDemoOrg(target);
      await scanToHead();
    }, arbOn(node));
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  /** An approved 10 USDC invoice on the node's chain: its id and deposit address. */
  async function approvedInvoice(extra: Record<string, unknown> = {}) {
    const { clientId, principal } = await bootedDemoOrg(target);
    const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
    const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
    const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest(extra) });
    const approved = await approveInvoice({ principal: await principal("approver"), id: created.id });
    return { id: created.id, address: approved.payment_intent.payment_address as Address };
  }

  async function invoice(id: string) {
    const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
    const { principal } = await bootedDemoOrg(target);
    return getInvoice({ principal: await principal("finance"), id });
  }

  const pay = (to: Address, amount: number) => node.transfer(PAYER, node.tokens.USDC, to, units(amount));
  const receipt = (hash: Hex) => node.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });

  it("shows a transfer as seen with its confirmations, and credits it once, only at depth", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice();
      const hash = await pay(address, 10);
      const block = (await receipt(hash)).blockNumber;
      await scanToHead();
      let current = await invoice(id);
      expect(current.status).toBe("approved");
      expect(current.payment_intent).toMatchObject({ status: "pending", payment_tx_hash: null, seen_transfer: { tx_hash: hash, confirmations: 1 } });
      for (let confirmations = 2; confirmations < DEPTH; confirmations++) {
        await node.mine();
        await scanToHead();
        expect((await invoice(id)).payment_intent).toMatchObject({ status: "pending", seen_transfer: { tx_hash: hash, confirmations } });
      }
      await node.mine();
      const head = await scanToHead();
      // head − B + 1 = depth: it counts now, with the chain's own facts.
      expect(BigInt(head.head) - block + 1n).toBe(BigInt(DEPTH));
      current = await invoice(id);
      const timestamp = Number((await node.public.getBlock({ blockNumber: block })).timestamp);
      expect(current.status).toBe("paid");
      expect(current.payment_intent).toMatchObject({
        status: "success",
        payment_tx_hash: hash,
        payer_address: node.wallet(PAYER).account.address,
        received_crypto_amount: "10",
        payment_tx_timestamp: timestamp,
        seen_transfer: null,
      });
      await node.mine(3);
      await scanToHead();
      const transfers = await queryRows(client, sql`SELECT tx_hash FROM chain_transfers WHERE tx_hash = ${hash}`);
      expect(transfers).toHaveLength(1);
    }, arbOn(node));
  });

  it("watches a deposit address given after the scanner read its addresses, without a restart", async () => {
    await withStudio(target, async () => {
      // The scanner has read the deposit addresses (kept in memory from here on)...
      const { watchedAddresses } = await import("@/lib/studio/chain/evm/watched-addresses");
      await node.mine();
      await scanToHead();
      const read = await watchedAddresses("arb");
      // ...then an invoice is approved, and paid: the next round knows the new address.
      const { id, address } = await approvedInvoice();
      await pay(address, 10);
      await node.mine(DEPTH - 1);
      await scanToHead();
      expect(await watchedAddresses("arb")).toBe(read);
      expect(read.owners.has(address.slice(2).toLowerCase())).toBe(true);
      expect((await invoice(id)).payment_intent).toMatchObject({ status: "success", received_crypto_amount: "10" });
    }, arbOn(node));
  });

  /** The organization's set-aside transfers and the arb chain's status, as GET /chains/unmatched-deposits and GET /chains give them. */
  async function setAside() {
    const { principal } = await bootedDemoOrg(target);
    const { listUnmatchedDeposits, unmatchedDepositSchema } = await import("@/lib/studio/chain/evm/unmatched-deposits");
    const { listChains } = await import("@/lib/studio/chain/list-chains");
    const reader = await principal("finance");
    const list = await listUnmatchedDeposits({ principal: reader });
    for (const entry of list) unmatchedDepositSchema.parse(entry);
    const arb = (await listChains({ principal: reader })).find((chain) => chain.id === "arb")!;
    return { list, arb };
  }

  const auditOf = (client: Parameters<typeof queryRows>[0], id: string, action: string) =>
    queryRows<{ details: Record<string, unknown> }>(client, sql`SELECT details FROM audit_log WHERE object_id = ${id} AND action = ${action}`);

  it("sets aside USDT sent to a USDC invoice's address at depth, once: it does not pay it, and it is audited, announced and listed for return", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice({ callback_url: "https://merchant.example.test/hooks" });
      const before = await setAside();
      await node.mint(node.tokens.USDT, node.wallet(PAYER).account.address, units(10));
      const wrongToken = await node.transfer(PAYER, node.tokens.USDT, address, units(10));
      const block = (await receipt(wrongToken)).blockNumber;
      await scanToHead();
      // Seen, below its depth: not shown on the record as a payment on its way, not set aside yet.
      expect((await invoice(id)).payment_intent).toMatchObject({ status: "pending", seen_transfer: null });
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${wrongToken}`)).toEqual([{ status: "seen" }]);
      expect(await auditOf(client, id, "invoice.unmatched_deposit")).toHaveLength(0);
      await node.mine(DEPTH - 1);
      await scanToHead();
      await node.mine(2);
      await scanToHead();
      expect((await invoice(id)).payment_intent).toMatchObject({ status: "pending", payment_tx_hash: null, received_crypto_amount: null, seen_transfer: null });
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${wrongToken}`)).toEqual([{ status: "unmatched" }]);
      const audits = await auditOf(client, id, "invoice.unmatched_deposit");
      expect(audits).toHaveLength(1);
      expect(audits[0]!.details).toMatchObject({ reason: "wrong_token", tx_hash: wrongToken, amount: "10", from_address: node.wallet(PAYER).account.address });
      // News, not a status change: for the organization's endpoints (it has none here; callbacks.test.ts), never the callback_url.
      const events = await queryRows<{ type: string }>(client, sql`SELECT type FROM webhook_events WHERE object_id = ${id} AND type = 'invoice.unmatched_deposit'`);
      expect(events).toEqual([]);
      const { list, arb } = await setAside();
      expect(list.filter((entry) => entry.tx_hash === wrongToken)).toEqual([
        expect.objectContaining({
          chain_id: "arb",
          reason: "wrong_token",
          token_symbol: "USDT",
          amount: "10",
          block_number: Number(block),
          from_address: node.wallet(PAYER).account.address,
          to_address: address,
          payment_intent_id: (await invoice(id)).payment_intent.payment_intent_id,
        }),
      ]);
      expect(arb.unmatched_deposits).toBe(before.arb.unmatched_deposits + 1);
      expect(arb.warnings.some((warning) => warning.includes(`${arb.unmatched_deposits} transfer(s) reached deposit addresses but paid nothing`))).toBe(true);
      // The console's palette finds the invoice by the stray transfer's hash (GET /lookup), so the operator can return it.
      const { lookupRecords } = await import("@/lib/studio/lookup/lookup");
      const reader = await (await bootedDemoOrg(target)).principal("viewer");
      expect(await lookupRecords({ principal: reader, query: { q: wrongToken.toUpperCase().replace(/^0X/, "0x") } })).toMatchObject([{ kind: "invoice", id, matched: "tx_hash" }]);
      // The invoice's own token still pays it.
      const paid = await pay(address, 10);
      await node.mine(DEPTH - 1);
      await scanToHead();
      expect((await invoice(id)).payment_intent).toMatchObject({ status: "success", payment_tx_hash: paid, received_crypto_amount: "10" });
    }, arbOn(node));
  });

  it("sets aside a transfer to a closed invoice's address (the record takes no funds) instead of losing it", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice();
      const { cancelInvoice } = await import("@/lib/studio/invoices/cancel-invoice");
      const { principal } = await bootedDemoOrg(target);
      await cancelInvoice({ principal: await principal("finance"), id, request: undefined });
      const hash = await pay(address, 10);
      await node.mine(DEPTH);
      await scanToHead();
      expect((await invoice(id)).status).toBe("cancelled");
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([{ status: "refused" }]);
      expect(await auditOf(client, id, "invoice.unmatched_deposit")).toEqual([{ details: expect.objectContaining({ reason: "refused", tx_hash: hash }) }]);
      expect((await setAside()).list.find((entry) => entry.tx_hash === hash)).toMatchObject({ reason: "refused", to_address: address, token_symbol: "USDC" });
    }, arbOn(node));
  });

  it("skips and reports a deposit to an address without an HD index, and goes on crediting the chain's other deposits", async () => {
    await withStudio(target, async (client) => {
      const keyless = await approvedInvoice();
      const other = await approvedInvoice();
      // An address written without its index (as by an import): the service cannot sign for it.
      const [{ pi }] = (await queryRows<{ pi: string }>(client, sql`SELECT payment_intent_id AS pi FROM invoices WHERE id = ${keyless.id}`)) as [{ pi: string }];
      await queryRows(client, sql`UPDATE payment_intents SET address_index = NULL WHERE id = ${pi}`);
      const stuck = await pay(keyless.address, 10);
      await receipt(stuck);
      const paid = await pay(other.address, 10);
      await node.mine(DEPTH);
      await scanToHead();
      expect((await invoice(other.id)).payment_intent).toMatchObject({ status: "success", payment_tx_hash: paid });
      expect((await invoice(keyless.id)).payment_intent).toMatchObject({ status: "pending", payment_tx_hash: null });
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${stuck}`)).toEqual([{ status: "unkeyed" }]);
      const { list, arb } = await setAside();
      expect(list.find((entry) => entry.tx_hash === stuck)).toMatchObject({ reason: "no_key", to_address: keyless.address });
      expect(arb.warnings.some((warning) => warning.includes("reached addresses without an HD index"))).toBe(true);
      // Later rounds pass it by: it is reported once.
      await node.mine(2);
      expect((await scanToHead()).error).toBeUndefined();
      expect(await auditOf(client, keyless.id, "invoice.unmatched_deposit")).toHaveLength(1);
    }, arbOn(node));
  });

  it("drops a set-aside transfer that a reorg deeper than the depth removed: there is nothing left to return", async () => {
    await withStudio(target, async (client) => {
      const { address } = await approvedInvoice();
      await node.mint(node.tokens.USDT, node.wallet(PAYER).account.address, units(10));
      const snapshot = await node.test.snapshot();
      const wrongToken = await node.transfer(PAYER, node.tokens.USDT, address, units(10));
      await receipt(wrongToken);
      await node.mine(DEPTH);
      await scanToHead();
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${wrongToken}`)).toEqual([{ status: "unmatched" }]);
      await node.test.revert({ id: snapshot });
      await node.mine(DEPTH + 3);
      await scanToHead();
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${wrongToken}`)).toEqual([{ status: "dropped" }]);
      expect((await setAside()).list.map((entry) => entry.tx_hash)).not.toContain(wrongToken);
    }, arbOn(node));
  });

  it("drops a seen transfer that a reorg shallower than the depth removed", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice();
      const snapshot = await node.test.snapshot();
      const hash = await pay(address, 10);
      await receipt(hash);
      await scanToHead();
      expect((await invoice(id)).payment_intent.seen_transfer).toEqual({ tx_hash: hash, confirmations: 1 });
      // The block with the transfer is replaced by a longer chain without it.
      await node.test.revert({ id: snapshot });
      await node.mine(DEPTH + 1);
      await scanToHead();
      const current = await invoice(id);
      expect(current.status).toBe("approved");
      expect(current.payment_intent).toMatchObject({ status: "pending", payment_tx_hash: null, received_crypto_amount: null, seen_transfer: null });
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([{ status: "dropped" }]);
    }, arbOn(node));
  });

  it("sends a confirmed payment that a deeper reorg removed to review, with an audit row and a webhook", async () => {
    await withStudio(target, async (client) => {
      const { id, address } = await approvedInvoice({ callback_url: "https://merchant.example.test/hooks" });
      const snapshot = await node.test.snapshot();
      const hash = await pay(address, 10);
      await receipt(hash);
      await node.mine(DEPTH);
      await scanToHead();
      expect((await invoice(id)).status).toBe("paid");
      await node.test.revert({ id: snapshot });
      await node.mine(DEPTH + 3);
      await scanToHead();
      const current = await invoice(id);
      expect(current.status).toBe("payment_review");
      expect(current.payment_intent).toMatchObject({ status: "manual_review", received_crypto_amount: "0" });
      expect(await queryRows(client, sql`SELECT status FROM chain_deposits WHERE tx_hash = ${hash}`)).toEqual([{ status: "reversed" }]);
      const [audit] = await queryRows<{ action: string; details: Record<string, unknown> }>(
        client,
        sql`SELECT action, details FROM audit_log WHERE object_id = ${id} AND action = 'invoice.payment_reversed'`,
      );
      expect(audit?.details).toMatchObject({ tx_hash: hash, from_status: "paid", to_status: "payment_review", ledger_compensation: "0" });
      expect(String(audit?.details.reason)).toContain("removed by a deeper reorg");
      const events = await queryRows<{ type: string }>(client, sql`SELECT type FROM webhook_events WHERE object_id = ${id} ORDER BY created_at`);
      expect(events.map((event) => event.type)).toEqual(["invoice.approved", "invoice.paid", "invoice.payment_review"]);
    }, arbOn(node));
  });

  it("catches up after a restart and after its node was unreachable: nothing missed, nothing counted twice", async () => {
    const paid: Array<{ id: string; hash: Hex }> = [];
    await withStudio(target, async () => {
      for (let index = 0; index < 3; index++) paid.push({ ...(await approvedInvoice()), hash: "0x" });
    }, arbOn(node));
    // Server down: transfers and blocks go by unread.
    const addresses = await withStudio(target, async () => Promise.all(paid.map(async ({ id }) => (await invoice(id)).payment_intent.payment_address as Address)), arbOn(node));
    paid[0]!.hash = await pay(addresses[0]!, 10);
    await node.mine(25);
    // Back up, on small ranges, with the node unreachable at first.
    await withStudio(target, async (client) => {
      node.setReachable(false);
      const { scanRpcChains } = await import("@/lib/studio/chain/evm/scanner");
      const [failed] = await scanRpcChains();
      expect(failed?.error).toBeTruthy();
      paid[1]!.hash = await pay(addresses[1]!, 10);
      node.setReachable(true);
      await scanToHead(200);
      paid[2]!.hash = await pay(addresses[2]!, 10);
      await node.mine(DEPTH);
      await scanToHead(200);
      for (const { id, hash } of paid) expect((await invoice(id)).payment_intent).toMatchObject({ status: "success", payment_tx_hash: hash });
    }, arbOn(node, { CHAIN_SCAN_MAX_RANGE: "4" }));
    const hashes = sql.join(paid.map((p) => sql`${p.hash}`), sql`, `);
    await withStudio(target, async (client) => {
      // Restarted with its position behind the transfers already credited (a restored backup, a
      // rescan after a reorg deeper than the hashes kept): reading them again counts none twice.
      const [first] = await queryRows<{ block: number }>(client, sql`SELECT min(block_number)::int AS block FROM chain_deposits WHERE tx_hash IN (${hashes})`);
      await queryRows(client, sql`UPDATE chain_scan_state SET scanned_block = ${first!.block - 1} WHERE chain_id = 'arb'`);
      await node.mine(2);
      const rescanned = await scanToHead();
      expect(rescanned.credited).toBe(0);
      const counted = await queryRows<{ tx_hash: string; n: number }>(client, sql`SELECT tx_hash, count(*)::int AS n FROM chain_transfers WHERE tx_hash IN (${hashes}) GROUP BY tx_hash`);
      expect(counted.map((row) => row.n)).toEqual([1, 1, 1]);
      const deposits = await queryRows<{ status: string }>(client, sql`SELECT status FROM chain_deposits WHERE tx_hash IN (${hashes})`);
      expect(deposits).toEqual([{ status: "credited" }, { status: "credited" }, { status: "credited" }]);
      for (const { id } of paid) expect((await invoice(id)).payment_intent).toMatchObject({ status: "success", received_crypto_amount: "10" });
    }, arbOn(node));
  });
});
