// Money out on a real local node for each purpose of a payment's funds, on each database: a signed
// invoice's settlement reaches its payout target from the invoice's own HD deposit address; an
// overpaid invoice's excess goes back to the refund address on signing and the rest to the
// treasury and its balance; a refund sends everything received back, from where the funds are
// (the deposit address, or the treasury a settled payment was swept into); a funded payout's net
// reaches its target once. Each send moves sent → confirmed at the chain's depth, and the
// records name the hash that was mined.
import { sql } from "drizzle-orm";
import { erc20Abi, getAddress, parseEventLogs, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, invoiceRequest, payoutRequest, queryRows, withStudio, type ClientModule, type Target } from "../node/support";
import { formatUnits, parseSignedUnits } from "@/lib/studio/core/money";
import type { LocalNode } from "./local-node";
import { arbOn, DEPTH, freshAddress, fundedDemoOrg, PAYER, runUntil, sendsOf, startFundedNode, tokenBalance, units, type SendRow } from "./support";

let node: LocalNode;
beforeAll(async () => {
  node = await startFundedNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(drivers)("settlements, refunds and payouts on a real chain on %s", (driver) => {
  let target: Target;
  let treasury: Address;
  beforeAll(async () => {
    target = await freshTarget(driver, "settlements");
    treasury = await fundedDemoOrg(target, node);
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  const pay = (to: Address, amount: number) => node.transfer(PAYER, node.tokens.USDC, to, units(amount));

  /** An approved invoice paid `paid` USDC on chain, its deposit counted at depth: its id and deposit address. */
  async function paidInvoice(paid: number, extra: Parameters<typeof invoiceRequest>[0] = {}) {
    const { clientId, principal } = await bootedDemoOrg(target);
    const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
    const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
    const created = await createInvoice({ principal: await principal("finance"), clientId, request: invoiceRequest(extra) });
    const approved = await approveInvoice({ principal: await principal("approver"), id: created.id });
    const deposit = approved.payment_intent.payment_address as Address;
    await pay(deposit, paid);
    await runUntil(node, async () => (await invoice(created.id)).status !== "approved");
    return { id: created.id, paymentIntentId: approved.payment_intent.payment_intent_id, deposit };
  }

  async function invoice(id: string) {
    const { getInvoice } = await import("@/lib/studio/invoices/get-invoice");
    const { principal } = await bootedDemoOrg(target);
    return getInvoice({ principal: await principal("finance"), id });
  }

  /** The address of the payment's HD key (its address index in the organization's wallet). */
  async function hdAddressOf(client: ClientModule, paymentIntentId: string): Promise<Address> {
    const { orgId } = await bootedDemoOrg(target);
    const { orgAccount } = await import("@/lib/studio/chain/evm/keys");
    const [row] = await queryRows<{ address_index: number }>(client, sql`SELECT address_index FROM payment_intents WHERE id = ${paymentIntentId}`);
    return (await orgAccount(await client.db(), orgId, row!.address_index)).address;
  }

  /**
   * Background rounds, a block mined after each, until every one of the sends is confirmed; after
   * each round the sends are followed once more, and each must be `confirmed` only once mined
   * `DEPTH` deep, and `sent` (mined shallower, or not yet) until then. Each is seen mined and still
   * `sent` at least once: confirmed at depth, not at mining.
   */
  async function followToDepth(client: ClientModule, ...sendIds: string[]): Promise<SendRow[]> {
    const { backgroundRound } = await import("@/lib/studio/process/sweeper");
    const { trackRpcSends } = await import("@/lib/studio/chain/evm/send-tracker");
    const rows = () => Promise.all(sendIds.map(async (id) => (await sendsOf(client, sql`id = ${id}`))[0]!));
    const seenShallow = new Set<string>();
    // getBlockNumber's default cache would give an older head than the tracker's.
    const headNow = async () => Number(await node.public.getBlockNumber({ cacheTime: 0 }));
    for (let round = 0; round < 60; round++) {
      await backgroundRound();
      // The tracker reads the head itself, and a send it broadcasts is mined at once (automine):
      // the head it judged by lies between these two.
      const headBefore = await headNow();
      await trackRpcSends();
      const headAfter = await headNow();
      const current = await rows();
      for (const send of current) {
        const deepAt = (head: number) => send.mined_block !== null && head - Number(send.mined_block) + 1 >= DEPTH;
        const facts = JSON.stringify({ id: send.id, headBefore, headAfter, mined: send.mined_block, status: send.status });
        if (send.status === "confirmed") expect(deepAt(headAfter), `confirmed before its depth: ${facts}`).toBe(true);
        else {
          expect(["pending", "sent"], facts).toContain(send.status);
          expect(deepAt(headBefore), `at its depth and not confirmed: ${facts}`).toBe(false);
          if (send.mined_block !== null) seenShallow.add(send.id);
        }
      }
      if (current.every((send) => send.status === "confirmed")) {
        expect([...seenShallow].sort()).toEqual([...sendIds].sort());
        return current;
      }
      await node.mine();
    }
    throw new Error(`sends ${sendIds.join(", ")} were not confirmed`);
  }

  /** The token transfers a mined transaction made, as the chain's logs say. */
  async function transfersIn(hash: string) {
    const receipt = await node.public.getTransactionReceipt({ hash: hash as Hex });
    expect(receipt.status).toBe("success");
    const transaction = await node.public.getTransaction({ hash: hash as Hex });
    const logs = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs });
    return { signer: getAddress(transaction.from), transfers: logs.map((log) => ({ token: log.address, from: log.args.from, to: log.args.to, value: log.args.value })) };
  }

  const ledgerOf = async (client: ClientModule, paymentIntentId: string) =>
    (await queryRows<{ kind: string; amount: string }>(client, sql`SELECT kind, amount::text FROM ledger_entries WHERE payment_intent_id = ${paymentIntentId} ORDER BY id`)).map(
      (entry) => [entry.kind, parseSignedUnits(entry.amount, 6)] as const,
    );

  it("settles a signed invoice to its payout target from the invoice's HD deposit address, confirmed at depth, the record naming the mined hash", async () => {
    const payoutTarget = freshAddress();
    await withStudio(target, async (client) => {
      const { principal } = await bootedDemoOrg(target);
      const { signInvoice } = await import("@/lib/studio/invoices/sign-invoice");
      const { id, paymentIntentId, deposit } = await paidInvoice(10, { payout_target_address: payoutTarget });
      expect((await invoice(id)).status).toBe("paid");
      expect(await hdAddressOf(client, paymentIntentId)).toBe(deposit);
      const treasuryBefore = await tokenBalance(node, treasury);
      const signed = await signInvoice({ principal: await principal("admin"), id, request: {} });
      expect(signed.status).toBe("signed");
      const [settlement, ...others] = await sendsOf(client, sql`payment_intent_id = ${paymentIntentId} AND purpose <> 'gas_top_up'`);
      expect(others).toEqual([]);
      expect(settlement).toMatchObject({ purpose: "settlement", from_address: deposit, to_address: payoutTarget, amount: "10" });
      expect(signed.payment_intent.aggregation_tx_hash).toBe(settlement!.tx_hash);

      const [done] = await followToDepth(client, settlement!.id);
      expect(await transfersIn(done!.tx_hash)).toEqual({ signer: deposit, transfers: [{ token: node.tokens.USDC, from: deposit, to: payoutTarget, value: units(10) }] });
      expect(await tokenBalance(node, payoutTarget)).toBe(units(10));
      expect(await tokenBalance(node, deposit)).toBe(0n);
      expect(await tokenBalance(node, treasury)).toBe(treasuryBefore);
      const current = await invoice(id);
      expect(current.payment_intent).toMatchObject({ status: "success", aggregation_tx_hash: done!.tx_hash, received_crypto_amount: "10" });
      // The funds went to the target, not the treasury: the organization's balance is not credited.
      expect(await ledgerOf(client, paymentIntentId)).toEqual([]);
    }, arbOn(node));
  });

  it("refunds an overpaid invoice's excess to the refund address on signing and settles the rest to the treasury and its balance", async () => {
    const refundAddress = freshAddress();
    await withStudio(target, async (client) => {
      const { principal } = await bootedDemoOrg(target);
      const { signInvoice } = await import("@/lib/studio/invoices/sign-invoice");
      const { id, paymentIntentId, deposit } = await paidInvoice(12.5);
      expect((await invoice(id)).payment_intent.received_crypto_amount).toBe("12.5");
      const treasuryBefore = await tokenBalance(node, treasury);
      const signed = await signInvoice({ principal: await principal("admin"), id, request: { refund_address: refundAddress, refund_reason: "Paid twice the tip" } });
      const sends = await sendsOf(client, sql`payment_intent_id = ${paymentIntentId} AND purpose <> 'gas_top_up'`);
      const settlement = sends.find((send) => send.purpose === "settlement")!;
      const refund = sends.find((send) => send.purpose === "partial_refund")!;
      expect(sends).toHaveLength(2);
      expect(settlement).toMatchObject({ from_address: deposit, to_address: treasury, amount: "10" });
      expect(refund).toMatchObject({ from_address: deposit, to_address: refundAddress, amount: "2.5" });
      expect(signed.payment_intent).toMatchObject({
        aggregation_tx_hash: settlement.tx_hash,
        partial_refund_tx_hash: refund.tx_hash,
        partial_refund_amount: "2.5",
        partial_refund_address: refundAddress,
      });

      const [refunded, settled] = await followToDepth(client, refund.id, settlement.id);
      expect((await transfersIn(refunded!.tx_hash)).transfers).toEqual([{ token: node.tokens.USDC, from: deposit, to: refundAddress, value: units(2.5) }]);
      expect((await transfersIn(settled!.tx_hash)).transfers).toEqual([{ token: node.tokens.USDC, from: deposit, to: treasury, value: units(10) }]);
      expect(await tokenBalance(node, refundAddress)).toBe(units(2.5));
      expect(await tokenBalance(node, treasury)).toBe(treasuryBefore + units(10));
      expect(await tokenBalance(node, deposit)).toBe(0n);
      // The balance is credited with what the treasury received; with the excess, that is all that came in.
      const ledger = await ledgerOf(client, paymentIntentId);
      expect(ledger).toEqual([["invoice_settlement", units(10)]]);
      expect(ledger[0]![1] + units(2.5)).toBe(units(12.5));
      expect((await invoice(id)).payment_intent).toMatchObject({ aggregation_tx_hash: settled!.tx_hash, partial_refund_tx_hash: refunded!.tx_hash });
    }, arbOn(node));
  });

  it("refunds everything an underpaid invoice received from its deposit address to the refund address", async () => {
    const refundAddress = freshAddress();
    await withStudio(target, async (client) => {
      const { principal } = await bootedDemoOrg(target);
      const { refundIntent } = await import("@/lib/studio/workflow/verbs");
      const { invoiceOwner } = await import("@/lib/studio/invoices/owner");
      const { id, paymentIntentId, deposit } = await paidInvoice(7);
      expect((await invoice(id)).status).toBe("underpaid");
      const refundedInvoice = await refundIntent(invoiceOwner, {
        principal: await principal("admin"),
        id,
        request: { refund_address: refundAddress, refund_reason: "Customer paid short and cancelled", refund_attachments: [] },
      });
      const [refund, ...others] = await sendsOf(client, sql`payment_intent_id = ${paymentIntentId} AND purpose <> 'gas_top_up'`);
      expect(others).toEqual([]);
      expect(refund).toMatchObject({ purpose: "refund", from_address: deposit, to_address: refundAddress, amount: "7" });
      const [done] = await followToDepth(client, refund!.id);
      expect((await transfersIn(done!.tx_hash)).transfers).toEqual([{ token: node.tokens.USDC, from: deposit, to: refundAddress, value: units(7) }]);
      expect(await tokenBalance(node, refundAddress)).toBe(units(7));
      expect(await tokenBalance(node, deposit)).toBe(0n);
      expect(refundedInvoice.payment_intent.refund_tx_hash).toBe(done!.tx_hash);
      expect((await invoice(id))).toMatchObject({ status: "refunded", payment_intent: { status: "insufficient_refunded", refund_tx_hash: done!.tx_hash, refund_crypto_amount: "7" } });
      expect(await ledgerOf(client, paymentIntentId)).toEqual([]);
    }, arbOn(node));
  });

  it("refunds a settled payment from the treasury it was swept into, not before the sweep is there (422), and the balance it credited is debited", async () => {
    const refundAddress = freshAddress();
    await withStudio(target, async (client) => {
      const { clientId, principal } = await bootedDemoOrg(target);
      const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
      const { getPaymentIntent } = await import("@/lib/studio/standalone-payments/get-payment-intent");
      const { refundIntent } = await import("@/lib/studio/workflow/verbs");
      const { standaloneOwner } = await import("@/lib/studio/standalone-payments/owner");
      const { StudioError } = await import("@/lib/studio/core/errors");
      const finance = await principal("finance");
      const admin = await principal("admin");
      // More than the treasury holds from the tests before: until its sweep is mined, the treasury cannot pay it back.
      const held = await tokenBalance(node, treasury);
      const paid = held + units(5);
      const amount = formatUnits(paid, 6);
      const intent = await createPaymentIntent({ principal: finance, clientId, request: { pricing_mode: "crypto", crypto_amount: amount, pay_token: "USDC", chain: "arb" } });
      const deposit = intent.payment_address as Address;
      await node.transfer(PAYER, node.tokens.USDC, deposit, paid);
      const sweeps = () => sendsOf(client, sql`payment_intent_id = ${intent.payment_intent_id} AND purpose = 'settlement'`);
      const refundRequest = { refund_address: refundAddress, refund_reason: "Order cancelled after payment", refund_attachments: [] };
      const refuse = () =>
        refundIntent(standaloneOwner, { principal: admin, id: intent.payment_intent_id, request: refundRequest }).then(
          () => undefined,
          (error: unknown) => (error instanceof StudioError ? { http: error.http, message: error.message } : Promise.reject(error)),
        );
      await node.test.setAutomine(false);
      try {
        // Settled at depth, its sweep planned, and nothing of it mined yet.
        await runUntil(node, async () => (await getPaymentIntent({ principal: finance, id: intent.payment_intent_id })).status === "success");
        expect((await sweeps())[0]?.mined_block).toBeNull();
        expect(await refuse()).toEqual({
          http: 422,
          message: `Insufficient on-chain balance: the refund exceeds what the treasury ${treasury} holds on arb: ${amount} USDC requested, ${formatUnits(held, 6)} USDC on chain after the sends still on their way`,
        });
        expect(await getPaymentIntent({ principal: finance, id: intent.payment_intent_id })).toMatchObject({ status: "success", refund_tx_hash: null });
        expect(await sendsOf(client, sql`payment_intent_id = ${intent.payment_intent_id} AND purpose = 'refund'`)).toEqual([]);
        expect(await ledgerOf(client, intent.payment_intent_id)).toEqual([["payment_settlement", paid]]);
      } finally {
        await node.test.setAutomine(true);
      }
      await runUntil(node, async () => (await sweeps())[0]?.status === "confirmed");
      expect(await tokenBalance(node, deposit)).toBe(0n);
      const treasuryBefore = await tokenBalance(node, treasury);

      const refunded = await refundIntent(standaloneOwner, { principal: admin, id: intent.payment_intent_id, request: refundRequest });
      const [refund] = await sendsOf(client, sql`payment_intent_id = ${intent.payment_intent_id} AND purpose = 'refund'`);
      expect(refund).toMatchObject({ from_address: treasury, to_address: refundAddress, amount });
      const [done] = await followToDepth(client, refund!.id);
      expect((await transfersIn(done!.tx_hash)).transfers).toEqual([{ token: node.tokens.USDC, from: treasury, to: refundAddress, value: paid }]);
      expect(await tokenBalance(node, refundAddress)).toBe(paid);
      expect(await tokenBalance(node, treasury)).toBe(treasuryBefore - paid);
      expect(refunded.refund_tx_hash).toBe(done!.tx_hash);
      expect(await getPaymentIntent({ principal: finance, id: intent.payment_intent_id })).toMatchObject({ status: "refunded", refund_tx_hash: done!.tx_hash, refund_crypto_amount: amount });
      // Credited by the sweep, debited by the refund: nothing of it is left on the balance.
      expect(await ledgerOf(client, intent.payment_intent_id)).toEqual([
        ["payment_settlement", paid],
        ["payment_refund", -paid],
      ]);
    }, arbOn(node));
  });

  it("sends a funded payout's net to its target once, from the payout's HD deposit address, the fee staying behind", async () => {
    const payoutTarget = freshAddress();
    await withStudio(target, async (client) => {
      const { clientId, principal } = await bootedDemoOrg(target);
      const { createPayout } = await import("@/lib/studio/payouts/create-payout");
      const { approvePayout } = await import("@/lib/studio/payouts/approve-payout");
      const { getPayout } = await import("@/lib/studio/payouts/get-payout");
      const finance = await principal("finance");
      const created = await createPayout({ principal: finance, clientId, request: payoutRequest({ amount: "100", exact_out_amount: "98.5", payout_target_address: payoutTarget }) });
      const approved = await approvePayout({ principal: await principal("approver"), id: created.id });
      const deposit = approved.payment_intent.payment_address as Address;
      const paymentIntentId = approved.payment_intent.payment_intent_id;
      expect(await hdAddressOf(client, paymentIntentId)).toBe(deposit);
      await pay(deposit, 100);
      const payouts = () => sendsOf(client, sql`payment_intent_id = ${paymentIntentId} AND purpose = 'payout'`);
      await runUntil(node, async () => (await payouts()).length > 0);
      const [send] = await payouts();
      expect(send).toMatchObject({ from_address: deposit, to_address: payoutTarget, amount: "98.5" });
      const [done] = await followToDepth(client, send!.id);
      expect(await transfersIn(done!.tx_hash)).toEqual({ signer: deposit, transfers: [{ token: node.tokens.USDC, from: deposit, to: payoutTarget, value: units(98.5) }] });
      expect(await getPayout({ principal: finance, id: created.id })).toMatchObject({ status: "completed", payment_intent: { status: "success", aggregation_tx_hash: done!.tx_hash } });
      // More rounds and blocks: nothing goes out a second time.
      for (let round = 0; round < 3; round++) await runUntil(node, async () => true);
      await node.mine(DEPTH);
      await runUntil(node, async () => true);
      expect(await payouts()).toHaveLength(1);
      expect(await tokenBalance(node, payoutTarget)).toBe(units(98.5));
      expect(await tokenBalance(node, deposit)).toBe(units(1.5));
      expect(await ledgerOf(client, paymentIntentId)).toEqual([]);
    }, arbOn(node));
  });
});
