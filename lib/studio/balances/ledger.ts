import "server-only";
// The organization's balance ledger: one immutable row per movement. Each movement names a
// reference that can happen once (a unique index), so a retried step never counts twice. The
// balance per chain and token is the sum of its rows, kept in `balances` by a trigger whose CHECK
// refuses a negative result (migration 0006); `debit` checks first, so callers get a clear 422.
// A withdrawal request awaiting approval reserves its amount (product-decisions §9): what a debit
// or another request may take is the balance less every reservation, read under the balance row's
// lock, so two requests racing for the same money are decided one after the other.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { balances, ledgerEntries, withdrawals } from "@/lib/studio/db/balances-schema";
import { StudioError } from "@/lib/studio/core/errors";
import { formatUnits, parseUnits } from "@/lib/studio/core/money";
import type { PaymentIntentRow } from "@/lib/studio/payment-intents/serialize";

// reorg_reversal and send_failed are compensating entries of RPC chains (issue 24): funds a deep reorg took
// back, and what a send that failed on chain had taken out.
export const LEDGER_KINDS = ["invoice_settlement", "payout_excess", "payment_settlement", "payment_refund", "withdrawal", "reorg_reversal", "send_failed"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Which balance a movement belongs to: an organization's token on one chain. */
export type BalanceKey = { orgId: number; chainId: string; tokenAddress: string; symbol: string; decimals: number };

/** Credits `units` of the payment intent's token to its organization. */
export async function creditFromPayment(
  tx: Tx,
  input: { paymentIntent: PaymentIntentRow; units: bigint; kind: LedgerKind; now: Date },
): Promise<void> {
  const pi = input.paymentIntent;
  if (input.units <= 0n) return;
  await tx
    .insert(ledgerEntries)
    .values({
      ...paymentBalanceKey(pi),
      amount: formatUnits(input.units, pi.decimals),
      kind: input.kind,
      paymentIntentId: pi.id,
      reference: `${input.kind}:${pi.id}`,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

/**
 * Takes `units` out of a balance: the balance row is locked first, so concurrent debits of one
 * balance run one after another and each sees what the previous one left. Less than `units`
 * available is a business-rule refusal (422) naming both amounts.
 */
export async function debit(
  tx: Tx,
  input: {
    key: BalanceKey;
    units: bigint;
    kind: LedgerKind;
    reference: string;
    paymentIntentId?: string;
    withdrawalId?: string;
    /** The request field the refusal names. */
    field: string;
    now: Date;
  },
): Promise<{ balanceAfter: string }> {
  const { key, units } = input;
  if (units <= 0n) throw new Error(`a debit of ${units} units`);
  const available = await lockedAvailableUnits(tx, key);
  if (available < units) throw insufficientBalance(key, units, available, input.field);
  await tx.insert(ledgerEntries).values({
    ...key,
    amount: formatUnits(-units, key.decimals),
    kind: input.kind,
    paymentIntentId: input.paymentIntentId ?? null,
    withdrawalId: input.withdrawalId ?? null,
    reference: input.reference,
    createdAt: input.now,
  });
  return { balanceAfter: formatUnits(available - units, key.decimals) };
}

/**
 * Refuses as `debit` would when less than `units` is available now, without taking anything: a
 * withdrawal request waiting for approval is debited only when its last approval sends it, and
 * reserves its amount meanwhile by its row (inserted in the same transaction, under this lock).
 */
export async function requireAvailable(tx: Tx, input: { key: BalanceKey; units: bigint; field: string }): Promise<void> {
  const available = await lockedAvailableUnits(tx, input.key);
  if (available < input.units) throw insufficientBalance(input.key, input.units, available, input.field);
}

function insufficientBalance(key: BalanceKey, units: bigint, available: bigint, field: string): StudioError {
  const message =
    `exceeds the available balance: ${formatUnits(units, key.decimals)} ${key.symbol} requested, ` +
    `${formatUnits(available, key.decimals)} ${key.symbol} available on ${key.chainId}`;
  return new StudioError("business_rule", `Insufficient balance: ${field} ${message}`, [{ field, message }], {
    insufficient_amount: formatUnits(units - available, key.decimals),
  });
}

/**
 * The balance less what requests awaiting approval reserve, in base units, the balance row locked
 * until the transaction ends (0 when it has none). The reservations are read after the lock is
 * taken: on PostgreSQL that statement sees every request committed by whoever held it before.
 */
async function lockedAvailableUnits(tx: Tx, key: BalanceKey): Promise<bigint> {
  const [row] = await tx
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.orgId, key.orgId), eq(balances.chainId, key.chainId), eq(balances.tokenAddress, key.tokenAddress)))
    .for("update");
  if (!row) return 0n;
  const reserved = (await reservedAmounts(tx, key.orgId)).get(reservationKey(key.chainId, key.tokenAddress)) ?? "0";
  const available = parseUnits(row.amount, key.decimals) - parseUnits(reserved, key.decimals);
  // Below zero when a reorg took back funds a request had reserved: nothing is available.
  return available > 0n ? available : 0n;
}

const reservationKey = (chainId: string, tokenAddress: string) => `${chainId}:${tokenAddress}`;

/**
 * What the organization's withdrawal requests awaiting approval reserve, by chain and token
 * (exact decimal text); a rejection or the approval that sends one ends its reservation.
 */
export async function reservedAmounts(database: DbOrTx, orgId: number): Promise<Map<string, string>> {
  const rows = await database
    .select({ chainId: withdrawals.chainId, tokenAddress: withdrawals.tokenAddress, total: sql<string>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.orgId, orgId), eq(withdrawals.reviewStatus, "awaiting_approval")))
    .groupBy(withdrawals.chainId, withdrawals.tokenAddress);
  return new Map(rows.map((row) => [reservationKey(row.chainId, row.tokenAddress), row.total]));
}

/** What requests awaiting approval reserve of one balance, in its base units. */
export function reservedUnitsOf(reserved: Map<string, string>, chainId: string, tokenAddress: string, decimals: number): bigint {
  return parseUnits(reserved.get(reservationKey(chainId, tokenAddress)) ?? "0", decimals);
}

export function paymentBalanceKey(pi: PaymentIntentRow): BalanceKey {
  return { orgId: pi.orgId, chainId: pi.chainId, tokenAddress: pi.tokenAddress, symbol: pi.tokenSymbol, decimals: pi.decimals };
}
