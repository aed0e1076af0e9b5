// Nothing is signed because a row says so (issue 37 §1), on a real local node and each database:
// rows written into chain_sends by someone without STUDIO_SECRET (a copy of a real withdrawal
// with another destination or amount, a stored transaction unsigned or signed by another key or
// for another destination, a destination changed in place, a row without a MAC) are never signed
// or broadcast: the other address receives nothing, and each row is quarantined, audited, counted
// in /metrics and listed on GET /chains, while the real withdrawal still makes its one transfer.
import { sql } from "drizzle-orm";
import { encodeFunctionData, erc20Abi, keccak256, serializeTransaction, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, drivers, dropTarget, freshTarget, queryRows, withStudio, type ClientModule, type Target } from "../node/support";
import type { LocalNode } from "./local-node";
import { arbOn, freshAddress, fundedDemoOrg, PAYER, runUntil, sendsOf, startFundedNode, tokenBalance, units, type SendRow } from "./support";

let node: LocalNode;
beforeAll(async () => {
  node = await startFundedNode();
});
afterAll(async () => {
  await node?.stop();
});

/** Copies send `id` into a new row `newId`, its destination or amount as given, its sent_at an hour back (past any replacement time). */
async function copySend(client: ClientModule, id: string, newId: string, change: { to?: string; amount?: string; rawTx?: Hex; status?: string } = {}) {
  const rawTx = change.rawTx ?? null;
  await queryRows(
    client,
    sql`INSERT INTO chain_sends (id, org_id, payment_intent_id, purpose, chain_id, token_address, to_address, amount, tx_hash, status, attempts, created_at, sent_at, from_address, nonce, raw_tx, tx_hashes, binding_mac)
        SELECT ${newId}, org_id, payment_intent_id, purpose, chain_id, token_address, COALESCE(${change.to ?? null}::text, to_address), COALESCE(${change.amount ?? null}::numeric, amount),
               COALESCE(${rawTx ? keccak256(rawTx) : null}::text, tx_hash), COALESCE(${change.status ?? null}::text, status), 0, created_at, now() - interval '1 hour', from_address, nonce,
               COALESCE(${rawTx}::text, raw_tx), CASE WHEN ${rawTx}::text IS NULL THEN tx_hashes ELSE jsonb_build_array(${rawTx ? keccak256(rawTx) : null}::text) END, binding_mac
        FROM chain_sends WHERE id = ${id}`,
  );
}

/** What /metrics says of quarantined sends on arb. */
async function quarantinedCount(): Promise<number> {
  const { metrics } = await import("@/lib/observability/metrics");
  const line = (await metrics.registry.metrics()).split("\n").find((text) => text.startsWith('studio_chain_sends_quarantined_total{chain="arb"}'));
  return line ? Number(line.split(" ").pop()) : 0;
}

type Quarantined = { status: string; binding_violation: string | null; tx_hashes: string[]; raw_tx: string };
const quarantined = async (client: ClientModule, id: string) =>
  (await queryRows<Quarantined>(client, sql`SELECT status, binding_violation, tx_hashes, raw_tx FROM chain_sends WHERE id = ${id}`))[0];
const auditOf = async (client: ClientModule, id: string) =>
  queryRows<{ actor_uid: string | null; details: Record<string, unknown> }>(client, sql`SELECT actor_uid, details FROM audit_log WHERE action = 'chain_send.quarantined' AND object_id = ${id}`);

describe.each(drivers)("chain sends bound by their MAC on %s", (driver) => {
  let target: Target;
  let treasury: Address;
  beforeAll(async () => {
    target = await freshTarget(driver, "binding");
    treasury = await fundedDemoOrg(target, node);
    // A payment swept into the treasury: what the withdrawals below draw on, in the ledger and on chain.
    await withStudio(target, async (client) => {
      const { clientId, principal } = await bootedDemoOrg(target);
      const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
      const intent = await createPaymentIntent({ principal: await principal("admin"), clientId, request: { pricing_mode: "crypto", crypto_amount: "100", pay_token: "USDC", chain: "arb" } });
      await node.transfer(PAYER, node.tokens.USDC, intent.payment_address as Address, units(100));
      await runUntil(node, async () => (await sendsOf(client, sql`payment_intent_id = ${intent.payment_intent_id} AND purpose = 'settlement'`))[0]?.status === "confirmed");
    }, arbOn(node));
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  /** Inside `withStudio`, mining paused: withdrawals of `amount` to each recipient, broadcast and not mined. */
  async function sentUnmined(client: ClientModule, recipients: Address[], amount: string): Promise<SendRow[]> {
    const { principal } = await bootedDemoOrg(target);
    const { createWithdrawal } = await import("@/lib/studio/withdrawals/create-withdrawal");
    const { broadcastPendingSends } = await import("@/lib/studio/chain/sends");
    const { trackRpcSends } = await import("@/lib/studio/chain/evm/send-tracker");
    const admin = await principal("admin");
    for (const recipient of recipients) {
      await createWithdrawal({ principal: admin, request: { chain_id: "arb", contract_address: node.tokens.USDC, wallet_address: recipient, amount } });
    }
    // Their gas top-ups went out with the commits; once those are mined the withdrawals go out, and stay unmined.
    await node.mine();
    await trackRpcSends();
    await broadcastPendingSends();
    const sends = await Promise.all(recipients.map(async (recipient) => (await sendsOf(client, sql`purpose = 'withdrawal' AND to_address = ${recipient}`))[0]!));
    for (const send of sends) expect(send).toMatchObject({ status: "sent", tx_hashes: [send.tx_hash] });
    return sends;
  }

  /** Mining resumed until every send in `ids` that is still followed is confirmed. */
  async function mineUntilConfirmed(client: ClientModule, ids: string[]): Promise<void> {
    await node.test.setAutomine(true);
    const listed = sql.join(ids.map((id) => sql`${id}`), sql`, `);
    await runUntil(node, async () => (await sendsOf(client, sql`id IN (${listed})`)).every((send) => send.status === "confirmed"));
  }

  it("signs nothing for a copied pending withdrawal with another destination, or another amount, aged past the replacement time: the other address receives nothing, the copies are quarantined, audited, counted and on /chains", async () => {
    const recipient = freshAddress();
    const thief = freshAddress();
    await withStudio(target, async (client) => {
      const { trackRpcSends } = await import("@/lib/studio/chain/evm/send-tracker");
      await node.test.setAutomine(false);
      try {
        const [original] = await sentUnmined(client, [recipient], "4");
        const countBefore = await quarantinedCount();
        await copySend(client, original!.id, `send_copy_to_${driver}`, { to: thief });
        await copySend(client, original!.id, `send_copy_amount_${driver}`, { amount: "4000" });
        const [tracked] = await trackRpcSends();
        expect(tracked).toMatchObject({ replaced: 0, failed: 0 });
        expect(tracked?.error).toBeUndefined();
        for (const id of [`send_copy_to_${driver}`, `send_copy_amount_${driver}`]) {
          const row = await quarantined(client, id);
          expect(row?.status).toBe("quarantined");
          expect(row?.binding_violation).toBe("replacement refused: the send's fields do not match their binding MAC (changed or copied row)");
          // No version was signed for it: the only hash is the one copied from the real send.
          expect(row?.tx_hashes).toEqual([original!.tx_hash]);
          const [audit, ...more] = await auditOf(client, id);
          expect(more).toEqual([]);
          expect(audit).toMatchObject({ actor_uid: null, details: { purpose: "withdrawal", chain_id: "arb", previous_status: "sent", from_address: treasury } });
        }
        expect((await auditOf(client, `send_copy_to_${driver}`))[0]?.details.to_address).toBe(thief);
        expect(await quarantinedCount()).toBe(countBefore + 2);
        // Later rounds leave them alone: they are no longer followed.
        await trackRpcSends();
        expect(await quarantinedCount()).toBe(countBefore + 2);

        const { principal } = await bootedDemoOrg(target);
        const { listChains } = await import("@/lib/studio/chain/list-chains");
        const arb = (await listChains({ principal: await principal("admin") })).find((chain) => chain.id === "arb")!;
        expect(arb.quarantined_sends.map((send) => send.id).sort()).toEqual(expect.arrayContaining([`send_copy_amount_${driver}`, `send_copy_to_${driver}`]));
        expect(arb.quarantined_sends.find((send) => send.id === `send_copy_to_${driver}`)).toMatchObject({ purpose: "withdrawal", to_address: thief, amount: "4" });
        expect(arb.warnings.some((warning) => /^\d+ send\(s\) failed the custody check and were quarantined/.test(warning))).toBe(true);

        await mineUntilConfirmed(client, [original!.id]);
      } finally {
        await node.test.setAutomine(true);
      }
      expect(await tokenBalance(node, thief)).toBe(0n);
      // The real withdrawal made its one transfer, not a second for the copy with the larger amount.
      expect(await tokenBalance(node, recipient)).toBe(units(4));
    }, arbOn(node));
  });

  it("never broadcasts a stored transaction that is unsigned, signed by another key, or signed by the treasury for another destination", async () => {
    const recipient = freshAddress();
    const thief = freshAddress();
    await withStudio(target, async (client) => {
      const { orgId } = await bootedDemoOrg(target);
      const { broadcastPendingSends } = await import("@/lib/studio/chain/sends");
      const { orgAccount } = await import("@/lib/studio/chain/evm/keys");
      const { TREASURY_INDEX } = await import("@/lib/studio/chain/wallet-indexes");
      const { db } = await import("@/lib/db/client");
      await node.test.setAutomine(false);
      try {
        const [original] = await sentUnmined(client, [recipient], "2");
        const fees = await node.public.estimateFeesPerGas();
        // Far above the real send's fee: were any of these broadcast, it would replace the real one.
        const theft = {
          type: "eip1559" as const, chainId: 42161, nonce: Number(original!.nonce), to: node.tokens.USDC, gas: 100_000n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [thief, units(2)] }),
          maxFeePerGas: fees.maxFeePerGas * 10n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas * 10n,
        };
        const unsigned = serializeTransaction(theft);
        const otherKey = await privateKeyToAccount(generatePrivateKey()).signTransaction(theft);
        const treasuryKey = await (await orgAccount(await db(), orgId, TREASURY_INDEX)).signTransaction(theft);
        const countBefore = await quarantinedCount();
        await copySend(client, original!.id, `send_unsigned_${driver}`, { to: thief, rawTx: unsigned, status: "pending" });
        await copySend(client, original!.id, `send_other_key_${driver}`, { to: thief, rawTx: otherKey, status: "pending" });
        // The real send's own row, its MAC intact, its stored bytes swapped for the treasury-signed theft.
        await queryRows(client, sql`UPDATE chain_sends SET raw_tx = ${treasuryKey}, status = 'pending' WHERE id = ${original!.id}`);
        expect(await broadcastPendingSends({ now: new Date(Date.now() + 60_000) })).toBe(0);
        expect((await quarantined(client, `send_unsigned_${driver}`))?.binding_violation).toBe("broadcast refused: the send's fields do not match their binding MAC (changed or copied row)");
        expect((await quarantined(client, `send_other_key_${driver}`))?.binding_violation).toBe("broadcast refused: the send's fields do not match their binding MAC (changed or copied row)");
        const swapped = await quarantined(client, original!.id);
        expect(swapped?.status).toBe("quarantined");
        expect(swapped?.binding_violation).toBe("broadcast refused: its stored transaction is not its bound send: call data (token transfer's recipient or amount)");
        expect(await quarantinedCount()).toBe(countBefore + 3);
        for (const raw of [otherKey, treasuryKey]) await expect(node.public.getTransaction({ hash: keccak256(raw) })).rejects.toThrow();
        await node.mine();
        await node.test.setAutomine(true);
        await node.mine(3);
      } finally {
        await node.test.setAutomine(true);
      }
      expect(await tokenBalance(node, thief)).toBe(0n);
      // The real transfer, broadcast before its row was tampered with, is the only one that was mined.
      expect(await tokenBalance(node, recipient)).toBe(units(2));
    }, arbOn(node));
  });

  it("quarantines a real send whose destination was changed in place (on its re-broadcast) or whose amount was (on its replacement): nothing signed for them", async () => {
    const [toChanged, amountChanged] = [freshAddress(), freshAddress()];
    const thief = freshAddress();
    await withStudio(target, async (client) => {
      const { trackRpcSends } = await import("@/lib/studio/chain/evm/send-tracker");
      await node.test.setAutomine(false);
      try {
        const [first, second] = await sentUnmined(client, [toChanged, amountChanged], "1");
        await queryRows(client, sql`UPDATE chain_sends SET to_address = ${thief} WHERE id = ${first!.id}`);
        await queryRows(client, sql`UPDATE chain_sends SET amount = 1000, sent_at = now() - interval '1 hour' WHERE id = ${second!.id}`);
        const [tracked] = await trackRpcSends();
        expect(tracked).toMatchObject({ replaced: 0 });
        expect((await quarantined(client, first!.id))).toMatchObject({
          status: "quarantined",
          binding_violation: "re-broadcast refused: the send's fields do not match their binding MAC (changed or copied row)",
          tx_hashes: [first!.tx_hash],
        });
        expect((await quarantined(client, second!.id))).toMatchObject({
          status: "quarantined",
          binding_violation: "replacement refused: the send's fields do not match their binding MAC (changed or copied row)",
          tx_hashes: [second!.tx_hash],
        });
        expect((await auditOf(client, second!.id))[0]?.details).toMatchObject({ amount: "1000", to_address: amountChanged });
        await node.mine();
        await node.test.setAutomine(true);
        await node.mine(3);
      } finally {
        await node.test.setAutomine(true);
      }
      expect(await tokenBalance(node, thief)).toBe(0n);
      // Their first versions, signed before the rows changed, were already out: each paid what was planned, once.
      expect(await tokenBalance(node, toChanged)).toBe(units(1));
      expect(await tokenBalance(node, amountChanged)).toBe(units(1));
    }, arbOn(node));
  });

  it("binds a send from before binding MACs at start-up when its signed transaction proves its columns, and quarantines one whose columns it does not prove", async () => {
    const [recipient, thief] = [freshAddress(), freshAddress()];
    let ids: { proven: string; forged: string; mac: string };
    await withStudio(target, async (client) => {
      await node.test.setAutomine(false);
      try {
        const [send] = await sentUnmined(client, [recipient], "1.25");
        const [{ binding_mac: mac }] = (await queryRows<{ binding_mac: string }>(client, sql`SELECT binding_mac FROM chain_sends WHERE id = ${send!.id}`)) as [{ binding_mac: string }];
        ids = { proven: send!.id, forged: `send_unbound_${driver}`, mac };
        await copySend(client, send!.id, ids.forged, { to: thief });
        await queryRows(client, sql`UPDATE chain_sends SET binding_mac = NULL WHERE id IN (${ids.proven}, ${ids.forged})`);
      } finally {
        await node.test.setAutomine(true);
      }
    }, arbOn(node));
    // A new process: its start-up binds or quarantines what has no MAC.
    await withStudio(target, async (client) => {
      await bootedDemoOrg(target);
      const [proven] = await queryRows<{ status: string; binding_mac: string | null }>(client, sql`SELECT status, binding_mac FROM chain_sends WHERE id = ${ids.proven}`);
      expect(proven).toEqual({ status: "sent", binding_mac: ids.mac });
      expect(await quarantined(client, ids.forged)).toMatchObject({
        status: "quarantined",
        binding_violation: "start-up binding refused: its stored transaction is not its bound send: call data (token transfer's recipient or amount)",
      });
      await mineUntilConfirmed(client, [ids.proven]);
      expect(await tokenBalance(node, recipient)).toBe(units(1.25));
      expect(await tokenBalance(node, thief)).toBe(0n);
    }, arbOn(node));
  });
});
