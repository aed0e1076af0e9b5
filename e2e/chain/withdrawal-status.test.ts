// A withdrawal's record on a real local node, on each database (issue 37 §4): it reads `submitted`
// while its transaction is broadcast and mined in fewer than DEPTH blocks, `confirmed` only once
// the chain has buried it at depth, and never `submitted` again after that. The record is read the
// way a client reads it (GET /asset_pro/transfer/{id} and the list), the depth from the node itself.
import { sql } from "drizzle-orm";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, withStudio, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { arbOn, DEPTH, freshAddress, fundedDemoOrg, PAYER, runUntil, sendsOf, startFundedNode, tokenBalance, units } from "./support";

let node: LocalNode;
beforeAll(async () => {
  node = await startFundedNode();
});
afterAll(async () => {
  await node?.stop();
});

type Observation = { record: string; listed: string | undefined; confirmations: number };

describe.each(drivers)("a withdrawal's status on a real chain on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "wdstatus");
    await fundedDemoOrg(target, node);
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it(`reads submitted until its transaction is ${DEPTH} blocks deep, then confirmed, and never submitted again`, async () => {
    const recipient = freshAddress();
    await withStudio(target, async (client) => {
      const { clientId, principal } = await bootedDemoOrg(target);
      const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
      const { createWithdrawal } = await import("@/lib/studio/withdrawals/create-withdrawal");
      const { getWithdrawal, listWithdrawals } = await import("@/lib/studio/withdrawals/get-withdrawal");
      const admin = await principal("admin");
      // Money in the ledger and in the treasury first: a payment settled and swept at depth.
      const intent = await createPaymentIntent({ principal: await principal("finance"), clientId, request: { pricing_mode: "crypto", crypto_amount: "20", pay_token: "USDC", chain: "arb" } });
      await node.transfer(PAYER, node.tokens.USDC, intent.payment_address as Hex, units(20));
      await runUntil(node, async () => {
        const sends = await sendsOf(client, sql`payment_intent_id = ${intent.payment_intent_id} AND purpose = 'settlement'`);
        return sends[0]?.status === "confirmed";
      });

      const created = await createWithdrawal({ principal: admin, request: { chain_id: "arb", contract_address: node.tokens.USDC, wallet_address: recipient, amount: "7" } });
      expect(created.status).toBe("submitted");
      const observations: Observation[] = [];
      const observe = async (): Promise<Observation> => {
        const record = await getWithdrawal({ principal: admin, id: created.id });
        const listed = (await listWithdrawals({ principal: admin, query: { page: 1, page_size: 50 } })).data.find((row) => row.id === created.id);
        // How deep the chain holds the withdrawal's transaction, asked of the node, not of Studio.
        const receipt = await node.public.getTransactionReceipt({ hash: record.tx_hash as Hex }).catch(() => undefined);
        const head = await node.public.getBlockNumber({ cacheTime: 0 });
        const confirmations = receipt ? Number(head - receipt.blockNumber) + 1 : 0;
        const seen = { record: record.status, listed: listed?.status, confirmations };
        observations.push(seen);
        return seen;
      };
      let confirmedRounds = 0;
      await runUntil(node, async () => {
        const seen = await observe();
        if (seen.record === "confirmed") confirmedRounds += 1;
        // A few more rounds (and blocks) once confirmed: it must stay so.
        return confirmedRounds >= 4;
      });

      const facts = JSON.stringify(observations);
      for (const seen of observations) {
        expect(seen.listed, facts).toBe(seen.record);
        if (seen.confirmations < DEPTH) expect(seen.record, facts).toBe("submitted");
        if (seen.record === "confirmed") expect(seen.confirmations, facts).toBeGreaterThanOrEqual(DEPTH);
      }
      // Seen submitted on chain at one confirmation (broadcast and mined, not yet at depth).
      expect(observations.some((seen) => seen.record === "submitted" && seen.confirmations === 1), facts).toBe(true);
      const firstConfirmed = observations.findIndex((seen) => seen.record === "confirmed");
      expect(firstConfirmed, facts).toBeGreaterThan(0);
      expect(observations.slice(firstConfirmed).every((seen) => seen.record === "confirmed"), facts).toBe(true);
      expect(await tokenBalance(node, recipient)).toBe(units(7));
    }, arbOn(node));
  }, 180_000);
});
