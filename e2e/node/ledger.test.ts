// The balance ledger on a database of its own, on each driver: the database itself refuses a
// movement that would take a balance below zero (the backstop under the code's own check), and
// after any sequence of payments, settlements, refunds and withdrawals through the service verbs
// every balance equals the sum of its ledger rows, never goes negative, and matches a model.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootedDemoOrg, demoOrg, drivers, dropTarget, freshTarget, invoiceRequest, queryRows, withStudio, type Target } from "./support";

type Client = Parameters<Parameters<typeof withStudio>[1]>[0];

/** Every balance row beside the sum of its ledger rows (as text, compared exactly by PostgreSQL). */
async function balanceMismatches(client: Client) {
  return queryRows<{ chain_id: string; amount: string; sum: string }>(
    client,
    sql`SELECT b.chain_id, b.amount::text, coalesce(s.sum, 0)::text AS sum
        FROM balances b LEFT JOIN (
          SELECT org_id, chain_id, token_address, sum(amount) AS sum FROM ledger_entries GROUP BY org_id, chain_id, token_address
        ) s USING (org_id, chain_id, token_address)
        WHERE b.amount <> coalesce(s.sum, 0) OR b.amount < 0
        UNION ALL
        SELECT s.chain_id, 'missing', s.sum::text FROM (
          SELECT org_id, chain_id, token_address, sum(amount) AS sum FROM ledger_entries GROUP BY org_id, chain_id, token_address
        ) s LEFT JOIN balances b USING (org_id, chain_id, token_address) WHERE b.org_id IS NULL`,
  );
}

describe.each(drivers)("balance ledger on %s", (driver) => {
  let target: Target;
  beforeAll(async () => {
    target = await freshTarget(driver, "ledger");
  });
  afterAll(async () => {
    await dropTarget(target);
  });

  it("the database refuses a debit below zero, a zero row, and any edit or deletion of a ledger row", async () => {
    await withStudio(
      target,
      async (client) => {
        const { awaitReady } = await import("@/lib/studio/process/boot");
        await awaitReady();
        const { orgId } = demoOrg(target);
        const database = await client.db();
        const insert = (amount: string, reference: string) =>
          database.execute(sql`INSERT INTO ledger_entries (org_id, chain_id, token_address, symbol, decimals, amount, kind, reference)
            VALUES (${orgId}, 'backstop', 'TOKEN', 'USDC', 6, ${amount}, 'manual', ${reference})`);
        const balance = async () =>
          (await queryRows<{ amount: string }>(client, sql`SELECT amount::text FROM balances WHERE org_id = ${orgId} AND chain_id = 'backstop'`))[0]?.amount;

        await expect(insert("-0.000001", "backstop:first-debit")).rejects.toThrow();
        await insert("5", "backstop:credit");
        expect(Number(await balance())).toBe(5);
        const overdraw = await insert("-5.000001", "backstop:overdraw").then(
          () => undefined,
          (error: unknown) => error as { cause?: { constraint?: string; code?: string }; constraint?: string },
        );
        expect(overdraw?.cause?.constraint ?? overdraw?.constraint).toBe("balances_nonnegative");
        expect(await balance()).toMatch(/^5(\.0*)?$/);
        await expect(insert("0", "backstop:zero")).rejects.toThrow();
        await expect(database.execute(sql`UPDATE ledger_entries SET amount = 500 WHERE reference = 'backstop:credit'`)).rejects.toThrow();
        await expect(database.execute(sql`DELETE FROM ledger_entries WHERE reference = 'backstop:credit'`)).rejects.toThrow();
        await insert("-5", "backstop:exact");
        expect(Number(await balance())).toBe(0);
        const entries = await queryRows<{ n: number }>(client, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE chain_id = 'backstop'`);
        expect(entries[0]?.n).toBe(2);
        expect(await balanceMismatches(client)).toEqual([]);
      },
      { SEED_DEMO_INVOICES: "0" },
    );
  });

  it("property: after any sequence of payments, settlements, refunds and withdrawals the balance is the sum of its rows, never negative, and what a model predicts", async () => {
    await withStudio(
      target,
      async (client) => {
        const { clientId, principal } = await bootedDemoOrg(target);
        const { StudioError } = await import("@/lib/studio/core/errors");
        const { createPaymentIntent } = await import("@/lib/studio/standalone-payments/create-payment-intent");
        const { standaloneOwner } = await import("@/lib/studio/standalone-payments/owner");
        const { recordTransfer } = await import("@/lib/studio/deposits/record-transfer");
        const { refundIntent } = await import("@/lib/studio/workflow/verbs");
        const { createWithdrawal } = await import("@/lib/studio/withdrawals/create-withdrawal");
        const { createInvoice } = await import("@/lib/studio/invoices/create-invoice");
        const { approveInvoice } = await import("@/lib/studio/invoices/approve-invoice");
        const { signInvoice } = await import("@/lib/studio/invoices/sign-invoice");
        const { listBalances } = await import("@/lib/studio/balances/list-balances");
        const finance = await principal("finance");
        const approver = await principal("approver");
        const admin = await principal("admin");
        const refundAddress = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";
        const cents = (units: bigint) => `${units / 100n}.${(units % 100n).toString().padStart(2, "0")}`;
        const usdcUnits = async () => {
          const row = (await listBalances({ principal: admin })).find((entry) => entry.chain_id === "arb" && entry.symbol === "USDC");
          if (!row) return 0n;
          const [whole, fraction = ""] = row.amount.split(".");
          return BigInt(whole + fraction.padEnd(6, "0"));
        };
        const refusedAsBusinessRule = async (work: Promise<unknown>) => {
          const error = await work.then(() => undefined, (caught: unknown) => caught);
          if (!(error instanceof StudioError) || error.kind !== "business_rule") throw error ?? new Error("expected a 422 refusal");
        };

        // Amounts in cents of USDC (10^4 base units each), so every step moves whole cents.
        const step = fc.oneof(
          fc.record({ op: fc.constant("pay" as const), cents: fc.integer({ min: 1, max: 5_000 }), outcome: fc.constantFrom("exact", "over", "under", "late") }),
          fc.record({ op: fc.constant("invoice" as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
          fc.record({ op: fc.constant("refund" as const), pick: fc.nat() }),
          fc.record({ op: fc.constant("withdraw" as const), cents: fc.integer({ min: 1, max: 8_000 }) }),
        );

        await fc.assert(
          fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
            let model = await usdcUnits();
            const intents: Array<{ id: string; settled: bigint; refundable: boolean }> = [];
            for (const current of steps) {
              if (current.op === "pay") {
                const due = BigInt(current.cents) * 10_000n;
                const now = Math.floor(Date.now() / 1000);
                const intent = await createPaymentIntent({
                  principal: finance,
                  clientId,
                  request: { pricing_mode: "crypto", crypto_amount: cents(BigInt(current.cents)), pay_token: "USDC", chain: "arb", payment_deadline: now + 600 },
                });
                const paid = current.outcome === "over" ? due + 1n : current.outcome === "under" ? due - 1n : due;
                if (paid <= 0n) continue;
                const result = await recordTransfer({
                  orgId: finance.orgId,
                  to: { paymentIntentId: intent.payment_intent_id },
                  amount: `${paid / 1_000_000n}.${(paid % 1_000_000n).toString().padStart(6, "0")}`,
                  timestamp: current.outcome === "late" ? now + 601 : now,
                });
                const status = result.payment_intent?.status;
                const expected = { exact: "success", over: "success", under: "insufficient_not_refunded", late: "manual_review" }[current.outcome];
                expect(status).toBe(expected);
                const settled = status === "success" ? paid : 0n;
                model += settled;
                intents.push({ id: intent.payment_intent_id, settled, refundable: true });
              } else if (current.op === "invoice") {
                const amount = cents(BigInt(current.cents));
                const invoice = await createInvoice({
                  principal: finance,
                  clientId,
                  request: invoiceRequest({ amount, detail_items: [{ name: "Item", quantity: 1, unit_price: Number(amount) }] }),
                });
                const approved = await approveInvoice({ principal: approver, id: invoice.id });
                await recordTransfer({ orgId: finance.orgId, to: { paymentIntentId: approved.payment_intent.payment_intent_id }, amount });
                await signInvoice({ principal: admin, id: invoice.id, request: undefined });
                model += BigInt(current.cents) * 10_000n;
              } else if (current.op === "refund") {
                const open = intents.filter((intent) => intent.refundable);
                const chosen = open[current.pick % Math.max(open.length, 1)];
                if (!chosen) continue;
                const refund = refundIntent(standaloneOwner, {
                  principal: admin,
                  id: chosen.id,
                  request: { refund_address: refundAddress, refund_reason: "property", refund_attachments: [] },
                });
                if (chosen.settled > model) {
                  await refusedAsBusinessRule(refund);
                } else {
                  await refund;
                  model -= chosen.settled;
                  chosen.refundable = false;
                }
              } else {
                const units = BigInt(current.cents) * 10_000n;
                const withdrawal = createWithdrawal({
                  principal: admin,
                  request: { chain_id: "arb", contract_address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount: cents(BigInt(current.cents)), wallet_address: refundAddress },
                });
                if (units > model) {
                  await refusedAsBusinessRule(withdrawal);
                } else {
                  await withdrawal;
                  model -= units;
                }
              }
              const actual = await usdcUnits();
              expect(actual).toBe(model);
              expect(actual >= 0n).toBe(true);
            }
            expect(await balanceMismatches(client)).toEqual([]);
          }),
          { numRuns: driver === "pglite" ? 15 : 10 },
        );
      },
      { SEED_DEMO_INVOICES: "0" },
    );
  }, 180_000);
});
